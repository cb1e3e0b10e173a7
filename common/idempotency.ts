/**
 * The one Idempotency-Key rule, shared by the client (which makes keys) and the API (which checks
 * them): printable ASCII without spaces, 8 to 255 characters — Stripe's own limit, and a UUID or
 * 32 hex digits from `newIdempotencyKey` fit easily. Shorter keys are refused because a key must
 * be unique per attempt: a short one is almost surely a constant or a counter, i.e. a bug.
 */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{8,255}$/

export function isIdempotencyKey(value: unknown): value is string {
  return typeof value === 'string' && IDEMPOTENCY_KEY_PATTERN.test(value)
}
