import { describe, expect, it } from 'vitest'
import type { PublicUser } from '../../../common/accounts.ts'
import { BatchKeys } from '../../../server/commands/bids/batch-keys.ts'
import { bidClaim, bidSlot, type BidRequest } from '../../../server/commands/bids/bid-types.ts'
import type { ClaimOutcome } from '../../../server/domain/idempotency.ts'

/**
 * A bid batch's Idempotency-Keys without a database (decision 0017): what a retried or repeated
 * bid is answered, and which keys go back free when every bid under them was refused.
 */

const user = (id: string): PublicUser => ({
  id,
  name: id,
  email: `${id}@lotline.test`,
  role: 'member',
  alias: `Bidder ${id}`,
  createdAt: '2030-01-01T12:00:00.000Z',
  emailVerified: true,
})
const bid = (id: string, amount: number, key = `key-${id}`): BidRequest => ({
  user: user(id),
  amount,
  maxAmount: undefined,
  idempotencyKey: key,
  socketId: undefined,
})
const body = (price: number) => ({ lotId: 'lot', price }) as never
const success = (price: number) => ({ ok: true as const, statusCode: 201, body: body(price) })
const refusal = (code: string) => ({ ok: false as const, error: { code } })

/** Every request's key claimed fresh by this batch, unless `stored` says an earlier one did it. */
function keys(requests: BidRequest[], stored: Array<[BidRequest, ClaimOutcome]> = []) {
  const claims = new Map<string, ClaimOutcome>(requests.map((r) => [bidSlot(r), { claimed: true }]))
  for (const [request, outcome] of stored) claims.set(bidSlot(request), outcome)
  return new BatchKeys('lot', claims)
}
const storedAnswer = (request: BidRequest, lotId = 'lot'): ClaimOutcome => ({
  claimed: false,
  stored: {
    requestHash: bidClaim(lotId, request).requestHash,
    response: body(1_500),
    statusCode: 201,
  },
})
const code = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    return (error as { code?: string; message: string }).code ?? (error as Error).message
  }
  return 'no error'
}

describe('BatchKeys.replay', () => {
  it('leaves a freshly claimed key to be decided', () => {
    const first = bid('ann', 1_500)
    expect(keys([first]).replay(first)).toBeUndefined()
  })

  it('answers a retry of a bid an earlier request made with that answer, marked replayed', () => {
    const retry = bid('ann', 1_500)
    expect(keys([], [[retry, storedAnswer(retry)]]).replay(retry)).toEqual({
      ok: true,
      statusCode: 201,
      body: body(1_500),
      replayed: true,
    })
  })

  it('refuses a key an earlier request used for another amount or another lot', () => {
    const other = bid('ann', 2_000)
    expect(code(() => keys([], [[other, storedAnswer(bid('ann', 1_500))]]).replay(other))).toBe(
      'idempotency_key_reused',
    )
    const sameAmount = bid('ann', 1_500)
    expect(
      code(() =>
        keys([], [[sameAmount, storedAnswer(sameAmount, 'other-lot')]]).replay(sameAmount),
      ),
    ).toBe('idempotency_key_reused')
  })

  it('refuses to answer a bid whose key the batch never claimed (a bug, not a refusal)', () => {
    expect(() => keys([]).replay(bid('ann', 1_500))).toThrow(/^bid key .*key-ann was not claimed$/)
  })

  it('answers a repeat within the batch with the first success under its key', () => {
    const first = bid('ann', 1_500)
    const batch = keys([first])
    batch.record(first, success(1_500))
    expect(batch.replay(bid('ann', 1_500))).toEqual({ ...success(1_500), replayed: true })
  })

  it('decides a repeat again when the first bid under its key was refused', () => {
    const first = bid('ann', 1_500)
    const batch = keys([first])
    batch.record(first, refusal('outbid'))
    expect(batch.replay(bid('ann', 1_500))).toBeUndefined()
  })

  it('refuses a repeat within the batch that changed the amount, refused first or not', () => {
    for (const result of [success(1_500), refusal('outbid')]) {
      const first = bid('ann', 1_500)
      const batch = keys([first])
      batch.record(first, result)
      expect(code(() => batch.replay(bid('ann', 1_600)))).toBe('idempotency_key_reused')
    }
  })

  it('keeps apart keys of different bidders and different keys of one bidder', () => {
    const ann = bid('ann', 1_500, 'k')
    const bob = bid('bob', 1_600, 'k')
    const annAgain = bid('ann', 1_700, 'k2')
    const batch = keys([ann, bob, annAgain])
    batch.record(ann, success(1_500))
    expect(batch.replay(bob)).toBeUndefined()
    expect(batch.replay(annAgain)).toBeUndefined()
  })
})

describe('BatchKeys.record', () => {
  it('a success replaces a refusal under the same key, a refusal never replaces a success', () => {
    const first = bid('ann', 1_500)
    const batch = keys([first])
    batch.record(first, refusal('outbid'))
    batch.record(first, success(1_500))
    batch.record(first, refusal('lot_closed'))
    expect(batch.replay(first)).toEqual({ ...success(1_500), replayed: true })
  })

  it('keeps the first refusal: a later refusal under another request does not change the key', () => {
    const first = bid('ann', 1_500)
    const batch = keys([first])
    batch.record(first, refusal('outbid'))
    batch.record(bid('ann', 1_600), refusal('outbid'))
    // Still the first request's key: the same request is decided again, another one refused.
    expect(batch.replay(bid('ann', 1_500))).toBeUndefined()
    expect(code(() => batch.replay(bid('ann', 1_600)))).toBe('idempotency_key_reused')
  })
})

describe('BatchKeys.released', () => {
  it('frees, in claim order, the keys this batch claimed whose bids were all refused', () => {
    const won = bid('ann', 1_500)
    const lost = bid('bob', 1_400)
    const lostThenWon = bid('cat', 1_600)
    const unseen = bid('dan', 1_700)
    const earlier = bid('eve', 1_800)
    const batch = keys([won, lost, lostThenWon, unseen], [[earlier, storedAnswer(earlier)]])
    batch.record(won, success(1_500))
    batch.record(lost, refusal('outbid'))
    batch.record(lostThenWon, refusal('outbid'))
    batch.record(lostThenWon, success(1_600))
    expect(batch.released([won, lost, lostThenWon, unseen, earlier])).toEqual([
      { userId: 'bob', key: 'key-bob' },
      { userId: 'dan', key: 'key-dan' },
    ])
  })

  it('frees nothing when every key is kept', () => {
    const won = bid('ann', 1_500)
    const batch = keys([won])
    batch.record(won, success(1_500))
    expect(batch.released([won])).toEqual([])
  })
})
