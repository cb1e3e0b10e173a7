import type { PublicUser } from '../../../common/accounts.ts'
import type { BidResponse } from '../../../common/wire.ts'
import { keyClaim, slotOf } from '../../domain/idempotency.ts'

/** `POST /api/lots/:id/bids` → 201: defined once, in the wire contract. */
export type { BidResponse }

export interface BidRequest {
  user: PublicUser
  /** Absent: the lot's minimum next bid, decided under the lot lock (a maximum alone). */
  amount: number | undefined
  maxAmount: number | undefined
  idempotencyKey: string
  /** The sender's real-time socket, left out of the events of its own bid. */
  socketId: string | undefined
}

/** `replayed`: the answer is the one an earlier request under the same key got. */
export type BidResult =
  | { ok: true; statusCode: number; body: BidResponse; replayed?: boolean }
  | { ok: false; error: unknown }

/** The bid's Idempotency-Key claim (scope 'bid'): the same request is the same lot and amounts. */
export const bidClaim = (lotId: string, r: BidRequest) =>
  keyClaim(r.user.id, r.idempotencyKey, [
    'bid',
    lotId,
    // A maximum alone is its own request: not the same as a bid of that amount.
    r.amount ?? 'min',
    r.maxAmount ?? r.amount ?? 'min',
  ])

export const bidSlot = (r: BidRequest) => slotOf(r.user.id, r.idempotencyKey)
