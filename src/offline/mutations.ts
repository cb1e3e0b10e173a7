import {
  hashKey,
  partialMatchKey,
  type MutationKey,
  type MutationOptions,
  type QueryClient,
} from '@tanstack/react-query'
import { isClientError } from '../api/errors'

/**
 * Registry of mutations that may be queued offline and replayed after a reload
 * (docs/product.md §6: watch/unwatch, mark read). A restored paused mutation only carries its key
 * and variables, so its mutationFn must be known before the cache is restored:
 *
 *   // src/features/lots/watch-mutation.ts (registerWatchMutations), run by the hooks' module
 *   // and by src/app/offline-mutations.ts (loaded through queueable.ts)
 *   registerMutationDefaults(['watchlist', 'set'], { mutationFn: (v) => api.put(...) })
 *
 * Only registered keys are persisted while paused; anything else (sign-in with a password, bids,
 * top-ups) is never written to IndexedDB. Their variables carry an idempotency key
 * (`useQueuedMutation`, use-queued-mutation.ts) that the mutationFn sends (`queueHeaders`).
 */

type Defaults = Omit<MutationOptions<unknown, Error, never, unknown>, 'mutationKey'> & {
  // Variables are whatever the feature defines; the registry stays agnostic.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  mutationFn: (variables: any) => Promise<unknown>
}

/**
 * Shows a queued write on screen again (the feature's optimistic update), for a tab that did not
 * make it: the cache on disk is last-writer-wins, so a tab restoring another tab's queued write
 * may have restored data from before it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Reapply = (client: QueryClient, variables: any) => void

const registry = new Map<string, { key: MutationKey; defaults: Defaults; reapply?: Reapply }>()
const clients = new Set<QueryClient>()

/**
 * Queued writes share one scope: TanStack runs a scope's mutations one after another in the
 * order they were made, so "watch" then "unwatch" replays in that order, never racing.
 */
export const QUEUE_SCOPE = { id: 'lotline-offline-queue' }

/**
 * The server refused a queued write for good: a 4xx, whose answer will not change, except a
 * timeout or rate limit. No answer or a 5xx is not final.
 */
export function isFinalRefusal(error: unknown): boolean {
  return isClientError(error) && error.status !== 408 && error.status !== 429
}

/**
 * A queued write that gets no answer or a 5xx (the network came back before the API did) is
 * tried again with backoff instead of failing in this tab and undoing what the screen shows: the
 * idempotency key makes a repeat safe. A final refusal is not tried again.
 */
export function retryQueuedWrite(failureCount: number, error: unknown): boolean {
  return !isFinalRefusal(error) && failureCount < 6
}

const QUEUED_WRITE_DEFAULTS = {
  scope: QUEUE_SCOPE,
  retry: retryQueuedWrite,
  retryDelay: (attempt: number) => Math.min(1000 * 2 ** attempt, 15_000),
}

export function registerMutationDefaults(
  key: MutationKey,
  options: Defaults,
  reapply?: Reapply,
): void {
  const defaults = { ...QUEUED_WRITE_DEFAULTS, ...options }
  registry.set(hashKey(key), { key, defaults, reapply })
  for (const client of clients) client.setMutationDefaults(key, defaults)
}

/** Applies every registered default to `client`, now and for later registrations. */
export function bindMutationRegistry(client: QueryClient): void {
  clients.add(client)
  for (const { key, defaults } of registry.values()) client.setMutationDefaults(key, defaults)
}

export function unbindMutationRegistry(client: QueryClient): void {
  clients.delete(client)
}

export function isQueueableMutation(key: MutationKey | undefined): boolean {
  if (!key) return false
  for (const entry of registry.values()) if (partialMatchKey(key, entry.key)) return true
  return false
}

/** Re-applies the optimistic update of each queued write, oldest first. */
export function reapplyQueued(
  client: QueryClient,
  writes: ReadonlyArray<{ mutationKey?: MutationKey; variables: unknown }>,
): void {
  for (const { mutationKey, variables } of writes) {
    if (!mutationKey) continue
    for (const entry of registry.values()) {
      if (partialMatchKey(mutationKey, entry.key)) entry.reapply?.(client, variables)
    }
  }
}

/** For tests. */
export function unregisterMutationDefaults(key: MutationKey): void {
  registry.delete(hashKey(key))
}
