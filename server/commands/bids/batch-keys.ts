import { idempotencyKeyReused } from '../../lib/idempotent.ts'
import { replayOf, type ClaimOutcome } from '../../domain/idempotency.ts'
import {
  bidClaim,
  bidSlot,
  type BidRequest,
  type BidResponse,
  type BidResult,
} from './bid-types.ts'

/**
 * The Idempotency-Keys of one bid batch, claimed before it is decided (decision 0017): a key done
 * by an earlier transaction answers with its stored result, a repeat within the batch with the
 * answer of the first success under it, and a key used for another request is refused. Only
 * successes are stored; the claims of keys whose bids were all refused are released.
 */
export class BatchKeys {
  private readonly seen = new Map<string, { hash: string; result: BidResult }>()

  constructor(
    private readonly lotId: string,
    private readonly claims: Map<string, ClaimOutcome>,
  ) {}

  /** The answer `request` gets without being decided, or undefined to decide it. May throw. */
  replay(request: BidRequest): BidResult | undefined {
    const slot = bidSlot(request)
    const hash = this.hashOf(request)
    const claim = this.claims.get(slot)
    if (!claim) throw new Error(`bid key ${slot} was not claimed`)
    // Done by an earlier transaction: its stored answer, or a refusal for another request.
    const stored = replayOf(claim, hash)
    if (stored) {
      const body = stored.body as BidResponse
      return { ok: true, statusCode: stored.statusCode, body, replayed: true }
    }
    const earlier = this.seen.get(slot)
    if (earlier && earlier.hash !== hash) throw idempotencyKeyReused()
    return earlier?.result.ok ? { ...earlier.result, replayed: true } : undefined
  }

  /** A decided request's result: a success always counts, a refusal only as the first answer. */
  record(request: BidRequest, result: BidResult): void {
    const slot = bidSlot(request)
    if (result.ok || !this.seen.has(slot))
      this.seen.set(slot, { hash: this.hashOf(request), result })
  }

  /** The keys this batch claimed whose requests were all refused, in claim order. */
  released(requests: BidRequest[]): Array<{ userId: string; key: string }> {
    const bySlot = new Map(requests.map((r) => [bidSlot(r), r]))
    return [...this.claims]
      .filter(([slot, claim]) => claim.claimed && !this.seen.get(slot)?.result.ok)
      .map(([slot]) => ({
        userId: bySlot.get(slot)!.user.id,
        key: bySlot.get(slot)!.idempotencyKey,
      }))
  }

  private hashOf(request: BidRequest) {
    return bidClaim(this.lotId, request).requestHash
  }
}
