/**
 * An Idempotency-Key's claim in the domain's terms (decision 0017): what makes two requests "the
 * same" (their hash), and what claiming a key found. The store is server/repositories/idempotency.ts.
 */
import { createHash } from 'node:crypto'
import { idempotencyKeyReused } from '../lib/idempotent.ts'

export interface StoredResponse {
  requestHash: string
  response: unknown
  statusCode: number
}

export function requestHash(parts: unknown): string {
  return createHash('sha256').update(canonicalJson(parts)).digest('hex')
}

/**
 * JSON with every object's keys in one order, so one request is one hash however its body's keys
 * were ordered (a client that rebuilds its body on retry must still be recognised).
 */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  )
}

export interface KeyClaim {
  userId: string
  key: string
  requestHash: string
}

/** What a claim found: `claimed` (this transaction owns the key now) or an earlier answer. */
export type ClaimOutcome = { claimed: true } | { claimed: false; stored: StoredResponse }

/** An answer stored under a key, sent again instead of doing the work twice. */
export interface Replay {
  body: unknown
  statusCode: number
}

/**
 * The one rule of a claimed key, for every write (`runCommand`) and the bid batch (`BatchKeys`):
 * undefined when this transaction now owns the key (do the work), the stored answer when the same
 * request was done before, and 422 `idempotency_key_reused` when the key was used for another.
 */
export function replayOf(outcome: ClaimOutcome, requestHash: string): Replay | undefined {
  if (outcome.claimed) return undefined
  if (outcome.stored.requestHash !== requestHash) throw idempotencyKeyReused()
  return { body: outcome.stored.response, statusCode: outcome.stored.statusCode }
}

export const slotOf = (userId: string, key: string) => `${userId} ${key}`

/** The claim of one request: every write hashes what makes two requests "the same" this way. */
export const keyClaim = (userId: string, key: string, parts: unknown): KeyClaim => ({
  userId,
  key,
  requestHash: requestHash(parts),
})
