import { describe, expect, it } from 'vitest'
import type { PublicUser } from '../../../common/accounts.ts'
import { bidClaim, bidSlot, type BidRequest } from '../../../server/commands/bids/bid-types.ts'
import { decideBids, type BidBatchInputs } from '../../../server/commands/bids/decide-bids.ts'
import type { ClaimOutcome } from '../../../server/repositories/idempotency.ts'
import type { LotRow } from '../../../server/repositories/lots.ts'

/** decideBids without a database: the batch's serial order, funds, soft close and its keys. */

const now = new Date('2030-01-01T12:00:00.000Z')
const user = (id: string): PublicUser => ({
  id,
  name: id,
  email: `${id}@lotline.test`,
  role: 'member',
  alias: `Bidder ${id}`,
  createdAt: now.toISOString(),
})
const lot = (patch: Partial<LotRow> = {}): LotRow => ({
  id: 'lot',
  seller_id: 'seller',
  title: 'Teak sideboard',
  description: '',
  next_steps: '',
  starting_price: 1_000,
  reserve_price: null,
  starts_at: now,
  ends_at: new Date(now.getTime() + 3_600_000),
  soft_close_seconds: 60,
  status: 'open',
  current_price: null,
  leader_id: null,
  leader_max: null,
  bid_count: 0,
  version: 1,
  image_path: null,
  closed_at: null,
  settled_at: null,
  ...patch,
})
const bid = (id: string, amount: number, key = `key-${id}-${amount}`): BidRequest => ({
  user: user(id),
  amount,
  maxAmount: undefined,
  idempotencyKey: key,
  socketId: undefined,
})

/** Every key claimed fresh, every bidder with `balance` and nothing held. */
function inputs(requests: BidRequest[], patch: Partial<LotRow> = {}, balance = 10_000) {
  const ids = [...new Set(requests.map((r) => r.user.id))]
  const claims = new Map<string, ClaimOutcome>(requests.map((r) => [bidSlot(r), { claimed: true }]))
  return {
    lot: lot(patch),
    ctx: {
      now,
      sellerAlias: 'Bidder seller',
      watching: new Set<string>(),
      funds: new Map(ids.map((id) => [id, { balance, held: 0, lotHold: 0 }])),
      bidIds: [1, 2, 3, 4, 5, 6, 7, 8],
    },
    wallets: ids.map((id) => ({ userId: id, version: 1, alias: `Bidder ${id}` })),
    claims,
    requests,
    currency: 'EUR',
  } satisfies BidBatchInputs
}
const codes = (d: ReturnType<typeof decideBids>) =>
  d.results.map((r) => (r.ok ? r.statusCode : (r.error as { code: string }).code))

describe('decideBids', () => {
  it('decides in the order given: the second bid outbids the first and moves the holds', () => {
    const d = decideBids(inputs([bid('alice', 1_000), bid('bob', 1_100)]))
    expect(codes(d)).toEqual([201, 201])
    expect(d.write.lot).toMatchObject({ currentPrice: 1_100, leaderId: 'bob', version: 3 })
    expect(d.write.outbid).toEqual([
      { userId: 'alice', data: { title: 'Teak sideboard', price: 1_100, minNextBid: 1_200 } },
    ])
    expect(d.wallets.get('alice')).toMatchObject({ held: 0, available: 10_000, version: 3 })
    expect(d.wallets.get('bob')).toMatchObject({ held: 1_100, available: 8_900, version: 2 })
  })

  it.each([
    ['a maximum of exactly the available balance', 10_000, 201],
    ['one cent more', 10_001, 'insufficient_funds'],
  ] as const)('funds: %s → %s', (_name, amount, expected) => {
    expect(codes(decideBids(inputs([bid('alice', amount)], {}, 10_000)))).toEqual([expected])
  })

  it.each([
    ['less than the window left: extends to now + window', 59_999, 60_000],
    ['exactly the window left: keeps the end', 60_000, 60_000],
  ] as const)('soft close: %s', (_name, left, expected) => {
    const ends_at = new Date(now.getTime() + left)
    const d = decideBids(inputs([bid('alice', 1_000)], { ends_at }))
    expect(d.write.lot.endsAt.getTime() - now.getTime()).toBe(expected)
  })

  it('refuses the seller, and any bid once the lot has ended, without stopping the others', () => {
    const d = decideBids(inputs([bid('seller', 1_000), bid('alice', 1_000)]))
    expect(codes(d)).toEqual(['own_lot', 201])
    const ended = decideBids(inputs([bid('alice', 1_000)], { ends_at: now }))
    expect(codes(ended)).toEqual(['lot_not_open'])
    expect(ended.placed).toBeNull()
    expect(ended.write.released).toEqual([{ userId: 'alice', key: 'key-alice-1000' }])
  })

  it('a repeat within the batch gets the first answer; another request under the key is refused', () => {
    const first = bid('alice', 1_000, 'same-key')
    const d = decideBids(inputs([first, { ...first }, bid('alice', 1_500, 'same-key')]))
    expect(codes(d)).toEqual([201, 201, 'idempotency_key_reused'])
    // The same answer, marked as a replay (the route sends Idempotent-Replayed: true).
    expect(d.results[1]).toEqual({ ...d.results[0], replayed: true })
    expect(d.write.rows).toHaveLength(1)
    expect(d.write.released).toEqual([])
  })

  it('a key done by an earlier transaction answers with its stored response', () => {
    const request = bid('alice', 1_000)
    const input = inputs([request])
    const stored = { requestHash: bidClaim('lot', request).requestHash, response: { bids: [] } }
    input.claims.set(bidSlot(request), { claimed: false, stored: { ...stored, statusCode: 201 } })
    const d = decideBids(input)
    expect(d.results).toEqual([{ ok: true, statusCode: 201, body: { bids: [] }, replayed: true }])
    expect(d.placed).toBeNull()
  })
})
