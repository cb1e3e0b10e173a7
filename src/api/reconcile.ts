import type { Mutation, QueryClient } from '@tanstack/react-query'
import { IDEMPOTENCY_HEADER } from '../../common/config'
import { isApiError, NetworkError } from './errors'

/**
 * Writes whose answer is lost reconcile by themselves (docs/decisions/0049-lost-answers.md).
 *
 * A write sent with an Idempotency-Key may be sent again under the same key: the server applies
 * each key once and answers a repeat from its store. So when such a write gets no answer — the
 * connection reset, the network went, the answer did not come in time, or a gateway answered for
 * a server it could not reach (502/503/504) — the app's QueryClient resends it (the mutations'
 * default `retry`, query-client.ts), a few times with a short backoff, and, when the browser is
 * offline, as soon as it is back (a keyed write's resends pause offline: `networkMode`
 * 'offlineFirst'). What is on screen is refetched once it settles (`refetchTouched`), so the
 * screen shows what the server holds. A 4xx is an answer: never resent.
 */

/** A gateway or a server that could not answer: the write may or may not have been applied. */
const LOST_STATUSES: ReadonlySet<number> = new Set([502, 503, 504])

/** Resends after the first attempt; with `resendDelay` about 12 s of trying, plus the waits. */
export const RESEND_LIMIT = 5

/**
 * How long a keyed write waits for its answer before it counts as lost and is sent again (the
 * client has no timeout otherwise, docs/product.md §1): a bid is answered in milliseconds, and a
 * repeat of one still being worked on waits for the first and gets its answer.
 */
export const KEYED_WRITE_TIMEOUT_MS = 6_000

/** Whether `request` is a write the server applies once per key (so it may be sent again). */
export function isKeyedWrite(request: Request): boolean {
  return request.method !== 'GET' && request.headers.has(IDEMPOTENCY_HEADER)
}

/** The write got no answer that says what happened to it: it may or may not have been applied. */
export function isLostAnswer(error: unknown): boolean {
  if (error instanceof NetworkError) return !error.neverSent
  return isApiError(error) && LOST_STATUSES.has(error.status)
}

/** The Idempotency-Key the failed request carried, if any. */
export function sentKeyOf(error: unknown): string | undefined {
  const request = (error as { request?: unknown } | null)?.request
  if (!(request instanceof Request)) return undefined
  return request.headers.get(IDEMPOTENCY_HEADER) ?? undefined
}

/** The mutations' default `retry`: a keyed write whose answer was lost, a bounded number of times. */
export function resendLostAnswer(failureCount: number, error: unknown): boolean {
  return failureCount < RESEND_LIMIT && isLostAnswer(error) && sentKeyOf(error) !== undefined
}

/** 0.5 s, 1 s, 2 s, then every 4 s: the first resend is quick, a struggling server is not rushed. */
export function resendDelay(failureCount: number): number {
  return Math.min(500 * 2 ** failureCount, 4_000)
}

/**
 * Run when any mutation settles (the QueryClient's MutationCache): if an answer was lost on the
 * way — the write was resent, or it finally failed without an answer — the cache may be stale (a
 * replayed answer is from when the write was applied; the events it caused skipped our socket),
 * so what is on screen is refetched: every active query, since a write touches more than its own
 * screen (a bid moves the lot, its history, the lists, the wallet's holds), and a lost answer is
 * rare.
 */
export function refetchTouched(
  client: QueryClient,
  mutation: Pick<Mutation<unknown, unknown, unknown, unknown>, 'state'>,
  error: unknown,
): void {
  if (mutation.state.failureCount === 0 && !isLostAnswer(error)) return
  void client.invalidateQueries()
}
