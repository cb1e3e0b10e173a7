import type { QueryClient, QueryKey } from '@tanstack/react-query'

/**
 * The bridge turns real-time events into query-cache updates, from a declarative table of rules:
 * - the event carries a newer `version` (exactly the next one) → patch the cached value in place,
 *   zero HTTP requests;
 * - the event is older or equal to what is cached → ignore it (it arrived late);
 * - the version jumped (events were missed) or the channel was re-subscribed after a drop → a gap:
 *   invalidate the rule's query keys, so what is on screen refetches once.
 * Nothing cached → nothing on screen depends on it → nothing to do.
 */
export interface BridgeRule<Data = never, Cached = never> {
  /** Channel name pattern; named groups become `params` (e.g. /^lot\.(?<id>[\w-]+)$/). */
  channel: RegExp
  event: string
  /** The cached query this event updates. */
  queryKey: (data: Data, params: Params) => QueryKey
  /** Version carried by the event; default `data.version`. Undefined = unversioned. */
  eventVersion?: (data: Data) => number | undefined
  /** Version of what is cached for this event; default `cached.version`. Undefined = not there. */
  cachedVersion?: (cached: Cached, data: Data) => number | undefined
  /** Cached value with the event applied; default: the event data replaces it. */
  merge?: (cached: Cached, data: Data) => Cached
  /** Keys to refetch on a gap; default: the rule's queryKey. */
  gapKeys?: (params: Params, data?: Data) => QueryKey[]
  /** Side effect for every event (e.g. a toast); runs whatever the cache outcome. */
  notify?: (data: Data, params: Params) => void
  /**
   * `queryKey` is a prefix: the event applies to every cached query under it, each on its own
   * (e.g. one lot inside every cached list page, whatever the filter or search).
   */
  prefix?: boolean
  /**
   * Always a gap: invalidate `gapKeys` (default the queryKey) without patching, e.g. a new lot
   * whose place in a sorted, filtered list cannot be computed locally.
   */
  invalidate?: boolean
}

export type Params = Record<string, string>
export type Outcome = 'patched' | 'ignored' | 'invalidated' | 'uncached'

// A rule table mixes rules of different data types; the bridge treats them uniformly.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRule = BridgeRule<any, any>

const versionField = (value: unknown): number | undefined => {
  const v = (value as { version?: unknown } | null | undefined)?.version
  return typeof v === 'number' ? v : undefined
}

export function matchChannel(rule: AnyRule, channel: string): Params | undefined {
  const match = rule.channel.exec(channel)
  return match ? { ...match.groups } : undefined
}

/** Applies one event to the cache according to its rule. */
export function applyEvent(
  queryClient: QueryClient,
  rule: AnyRule,
  params: Params,
  data: unknown,
): Outcome {
  rule.notify?.(data, params)
  const key = rule.queryKey(data, params)
  if (rule.prefix) {
    const queries = queryClient
      .getQueryCache()
      .findAll({ queryKey: key })
      .filter((query) => query.state.data !== undefined)
    if (rule.invalidate) {
      if (queries.length === 0) return 'uncached'
      invalidate(queryClient, rule.gapKeys?.(params, data) ?? [key])
      return 'invalidated'
    }
    const outcomes = queries.map((query) =>
      applyToKey(queryClient, rule, params, data, query.queryKey),
    )
    for (const outcome of ['invalidated', 'patched', 'ignored'] as const)
      if (outcomes.includes(outcome)) return outcome
    return 'uncached'
  }
  return applyToKey(queryClient, rule, params, data, key)
}

function applyToKey(
  queryClient: QueryClient,
  rule: AnyRule,
  params: Params,
  data: unknown,
  key: QueryKey,
): Outcome {
  const cached = queryClient.getQueryData(key)
  if (cached === undefined) return 'uncached'
  if (rule.invalidate) {
    invalidate(queryClient, rule.gapKeys?.(params, data) ?? [key])
    return 'invalidated'
  }
  const incoming = (rule.eventVersion ?? versionField)(data)
  const current = (rule.cachedVersion ?? versionField)(cached, data)
  const merge = rule.merge ?? ((_c: unknown, d: unknown) => d)
  if (incoming === undefined) {
    queryClient.setQueryData(key, merge(cached, data))
    return 'patched'
  }
  if (current !== undefined && incoming <= current) return 'ignored'
  if (current === undefined || incoming === current + 1) {
    queryClient.setQueryData(key, merge(cached, data))
    return 'patched'
  }
  invalidate(queryClient, rule.gapKeys?.(params, data) ?? [key])
  return 'invalidated'
}

/** After a drop and re-subscription, events may have been missed: refetch what each rule shows. */
export function applyResubscribe(
  queryClient: QueryClient,
  rules: readonly AnyRule[],
  channel: string,
): QueryKey[] {
  const keys: QueryKey[] = []
  for (const rule of rules) {
    const params = matchChannel(rule, channel)
    if (!params || !rule.gapKeys) continue
    keys.push(...rule.gapKeys(params))
  }
  invalidate(queryClient, keys)
  return keys
}

function invalidate(queryClient: QueryClient, keys: QueryKey[]) {
  for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey })
}
