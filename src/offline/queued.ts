/**
 * Every write of the offline queue carries its own idempotency key, chosen when the user acts:
 * the same queued write replayed by two tabs (or twice by one) is applied once by the server,
 * and a late replay cannot undo a newer write (docs/decisions/0011).
 */
export interface Queued {
  /** Absent only on writes queued before keys existed; those are sent without the header. */
  idempotencyKey?: string
}

/** The key a queued (or dehydrated) mutation carries in its variables, if any. */
export function queueKeyOf(mutation: { state: { variables?: unknown } }): string | undefined {
  const key = (mutation.state.variables as Queued | undefined)?.idempotencyKey
  return typeof key === 'string' ? key : undefined
}
