import { describe, expect, it } from 'vitest'
import type { PublicUser } from '../../../common/accounts.ts'
import { bidClaim, bidSlot, type BidRequest } from '../../../server/commands/bids/bid-types.ts'
import { decideBids, type BidBatchInputs } from '../../../server/commands/bids/decide-bids.ts'
import type { ClaimOutcome } from '../../../server/domain/idempotency.ts'
import type { LockedLot } from '../../../server/domain/lot.ts'

/** decideBids without a database: the batch's serial order, funds, soft close and its keys. */

const now = new Date('2030-01-01T12:00:00.000Z')
const user = (id: string): PublicUser => ({
  id,
  name: id,
  email: `${id}@lotline.test`,
  role: 'member',
  alias: `Bidder ${id}`,
  createdAt: now.toISOString(),
  emailVerified: true,
})
const lot = (patch: Partial<LockedLot> = {}): LockedLot => ({
  id: 'lot',
  sellerId: 'seller',
  title: 'Teak sideboard',
  category: 'other',
  description: '',
  nextSteps: '',
  delivery: { shipping: null, pickup: { town: 'Madrid' } },
  startingPrice: 1_000,
  reservePrice: null,
  startsAt: now,
  endsAt: new Date(now.getTime() + 3_600_000),
  softCloseSeconds: 60,
  status: 'open',
  currentPrice: null,
  leaderId: null,
  leaderMax: null,
  bidCount: 0,
  version: 1,
  pictures: [],
  closedAt: null,
  settledAt: null,
  cancelledAt: null,
  cancelReason: null,
  showId: null,
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
function inputs(requests: BidRequest[], patch: Partial<LockedLot> = {}, balance = 10_000) {
  const ids = [...new Set(requests.map((r) => r.user.id))]
  const claims = new Map<string, ClaimOutcome>(requests.map((r) => [bidSlot(r), { claimed: true }]))
  return {
    lot: lot(patch),
    ctx: {
      now,
      sellerName: 'Bidder seller',
      watching: new Set<string>(),
      funds: new Map(ids.map((id) => [id, { balance, held: 0, lotHold: 0 }])),
      pending: new Map(ids.map((id) => [id, 0])),
      bidIds: [1, 2, 3, 4, 5, 6, 7, 8],
      blocked: new Set<string>(),
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
    const endsAt = new Date(now.getTime() + left)
    const d = decideBids(inputs([bid('alice', 1_000)], { endsAt }))
    expect(d.write.lot.endsAt.getTime() - now.getTime()).toBe(expected)
  })

  it('refuses the seller, and any bid once the lot has ended, without stopping the others', () => {
    const d = decideBids(inputs([bid('seller', 1_000), bid('alice', 1_000)]))
    expect(codes(d)).toEqual(['own_lot', 201])
    const ended = decideBids(inputs([bid('alice', 1_000)], { endsAt: now }))
    expect(codes(ended)).toEqual(['lot_ended'])
    expect(ended.placed).toBeNull()
    expect(ended.write.released).toEqual([{ userId: 'alice', key: 'key-alice-1000' }])
  })

  it('refuses a member the seller blocked, and only them; a blocked leader keeps their lead', () => {
    const input = inputs([bid('alice', 1_000), bid('bob', 1_100), bid('alice', 1_200)])
    input.ctx.blocked = new Set(['alice'])
    const d = decideBids(input)
    expect(codes(d)).toEqual(['bidder_blocked', 201, 'bidder_blocked'])
    expect(d.write.lot).toMatchObject({ leaderId: 'bob' })
    const refused = d.results[0]
    expect(refused && !refused.ok && (refused.error as Error).message).toBe(
      'The seller of this lot does not accept your bids.',
    )
    // A block does not take a lead away: the blocked leader's maximum still answers a challenger.
    const leading = inputs([bid('bob', 1_100)], {
      leaderId: 'alice',
      leaderMax: 5_000,
      currentPrice: 1_000,
      bidCount: 1,
    })
    leading.ctx.blocked = new Set(['alice'])
    const answered = decideBids(leading)
    expect(codes(answered)).toEqual([201])
    expect(answered.write.lot.leaderId).toBe('alice')
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

describe('decideBids: what each bidder is answered, and what is written', () => {
  const withMax = (id: string, amount: number, maxAmount: number, key: string): BidRequest => ({
    ...bid(id, amount, key),
    maxAmount,
  })

  it('a spent challenger, the proxy answer and a private raise: rows, holds and answers', () => {
    const input = inputs([
      withMax('alice', 1_000, 3_000, 'ka'),
      withMax('bob', 1_100, 1_500, 'kb'),
      withMax('alice', 1_700, 4_000, 'kc'),
    ])
    input.ctx.watching.add('bob')
    const d = decideBids(input)
    expect(codes(d)).toEqual([201, 201, 201])

    // Bob's maximum is spent at once; Alice's proxy answers; her raise is kept but not shown.
    expect(d.write.rows).toEqual([
      {
        id: 1,
        bidderId: 'alice',
        amount: 1_000,
        maxAmount: 3_000,
        auto: false,
        visible: true,
      },
      {
        id: 2,
        bidderId: 'bob',
        amount: 1_500,
        maxAmount: 1_500,
        auto: false,
        visible: true,
      },
      {
        id: 3,
        bidderId: 'alice',
        amount: 1_600,
        maxAmount: 3_000,
        auto: true,
        visible: true,
      },
      {
        id: 4,
        bidderId: 'alice',
        amount: 1_600,
        maxAmount: 4_000,
        auto: false,
        visible: false,
      },
    ])
    expect(d.write).toMatchObject({ lotId: 'lot', at: now, outbid: [], released: [] })
    expect(d.write.lot).toEqual({
      startingPrice: 1_000,
      reservePrice: null,
      currentPrice: 1_600,
      leaderId: 'alice',
      leaderMax: 4_000,
      bidCount: 3,
      endsAt: new Date(now.getTime() + 3_600_000),
      version: 4,
    })
    // Alice's hold was set, then raised: two version bumps; Bob never held anything.
    expect(d.write.walletBumps).toEqual(new Map([['alice', 2]]))
    expect(d.wallets).toEqual(
      new Map([
        [
          'alice',
          {
            balance: 10_000,
            held: 4_000,
            available: 6_000,
            pending: 0,
            currency: 'EUR',
            version: 3,
          },
        ],
      ]),
    )

    const bodies = d.results.map((r) => (r.ok ? r.body : null))
    // Bob is told he is outbid at his own maximum, sees the proxy's answer, and his wallet as is.
    expect(bodies[1]?.lot.my).toEqual({ status: 'outbid', maxBid: 1_500, watching: true })
    expect(bodies[1]?.lot).toMatchObject({ currentPrice: 1_600, leader: 'Bidder alice' })
    expect(bodies[1]?.bids.map((b) => [b.id, b.bidder, b.amount, b.auto])).toEqual([
      [2, 'Bidder bob', 1_500, false],
      [3, 'Bidder alice', 1_600, true],
    ])
    expect(bodies[1]?.wallet).toEqual({
      balance: 10_000,
      held: 0,
      available: 10_000,
      pending: 0,
      currency: 'EUR',
      version: 1,
    })
    // Alice leads at her new maximum; her private raise adds no public bid.
    expect(bodies[2]?.lot.my).toEqual({ status: 'leading', maxBid: 4_000, watching: false })
    expect(bodies[2]?.bids).toEqual([])
    expect(bodies[2]?.wallet).toMatchObject({ held: 4_000, available: 6_000, version: 3 })

    // Every answer is stored under its key; the lot shows every public bid of the batch.
    expect(d.write.responses).toEqual([
      { userId: 'alice', key: 'ka', response: bodies[0] },
      { userId: 'bob', key: 'kb', response: bodies[1] },
      { userId: 'alice', key: 'kc', response: bodies[2] },
    ])
    expect(d.placed?.bids.map((b) => [b.id, b.bidder, b.amount])).toEqual([
      [1, 'Bidder alice', 1_000],
      [2, 'Bidder bob', 1_500],
      [3, 'Bidder alice', 1_600],
    ])
    expect(d.placed?.lot).toMatchObject({
      currentPrice: 1_600,
      leader: 'Bidder alice',
      bidCount: 3,
      version: 4,
    })
  })

  it('a leader outside the batch: shown under their alias, outbid, their hold released', () => {
    const input = inputs([withMax('bob', 2_000, 6_000, 'kb')], {
      currentPrice: 1_000,
      leaderId: 'carol',
      leaderMax: 5_000,
      bidCount: 1,
    })
    input.wallets.push({ userId: 'carol', version: 7, alias: 'Bidder carol' })
    input.ctx.funds.set('carol', { balance: 8_000, held: 5_000, lotHold: 5_000 })
    const d = decideBids(input)
    expect(codes(d)).toEqual([201])
    const body = d.results[0]?.ok ? d.results[0].body : null
    expect(body?.bids.map((b) => [b.bidder, b.amount, b.auto])).toEqual([
      ['Bidder carol', 5_000, true],
      ['Bidder bob', 5_500, false],
    ])
    expect(body?.lot.my).toEqual({ status: 'leading', maxBid: 6_000, watching: false })
    expect(d.write.outbid).toEqual([
      { userId: 'carol', data: { title: 'Teak sideboard', price: 5_500, minNextBid: 6_000 } },
    ])
    expect(d.write.walletBumps).toEqual(
      new Map([
        ['carol', 1],
        ['bob', 1],
      ]),
    )
    expect(d.wallets.get('carol')).toEqual({
      balance: 8_000,
      held: 0,
      available: 8_000,
      pending: 0,
      currency: 'EUR',
      version: 8,
    })
  })

  it('a challenger whose maximum does not beat the leader outside the batch sees who leads', () => {
    const input = inputs([bid('bob', 1_100)], {
      currentPrice: 1_000,
      leaderId: 'carol',
      leaderMax: 5_000,
      bidCount: 1,
    })
    input.wallets.push({ userId: 'carol', version: 7, alias: 'Bidder carol' })
    const d = decideBids(input)
    const body = d.results[0]?.ok ? d.results[0].body : null
    expect(body?.lot).toMatchObject({ leader: 'Bidder carol', currentPrice: 1_200 })
    expect(body?.lot.my).toEqual({ status: 'outbid', maxBid: 1_100, watching: false })
    expect(d.write.outbid).toEqual([])
  })

  it('a bidder whose wallet row was not among the locked ones shows under their own alias', () => {
    const input = inputs([bid('dave', 1_000)])
    input.wallets.length = 0
    const d = decideBids(input)
    const body = d.results[0]?.ok ? d.results[0].body : null
    expect(body?.lot.leader).toBe('Bidder dave')
    expect(body?.bids.map((b) => b.bidder)).toEqual(['Bidder dave'])
  })

  it('a bidder with no money at all reads a balance of 0.00', () => {
    const input = inputs([bid('erin', 1_000)])
    input.ctx.funds.clear()
    const d = decideBids(input)
    const error = d.results[0]?.ok ? null : (d.results[0]?.error as Error)
    expect(error?.message).toBe('Your available balance (0.00) does not cover a maximum of 10.00.')
  })

  it.each([
    ['scheduled', 'lot_not_open'],
    ['cancelled', 'lot_not_open'],
    ['settled', 'lot_ended'],
    ['unsold', 'lot_ended'],
  ] as const)('a %s lot takes no bid, even before its end (%s)', (status, code) => {
    expect(codes(decideBids(inputs([bid('alice', 1_000)], { status })))).toEqual([code])
  })

  it("a show's queued lot takes absentee bids, and no bid moves its clock before it opens", () => {
    const endsAt = new Date(now.getTime() + 5_000)
    const queued = { status: 'scheduled', showId: 'show-1', endsAt, softCloseSeconds: 10 } as const
    const d = decideBids(inputs([bid('alice', 1_000), bid('bob', 2_000)], queued))
    expect(codes(d)).toEqual([201, 201])
    expect(d.write.lot.endsAt).toEqual(endsAt)
    // Even past its placeholder end: the clock has not started.
    const late = decideBids(inputs([bid('alice', 1_000)], { ...queued, endsAt: now }))
    expect(codes(late)).toEqual([201])
  })

  it('a bid the rules refuse is answered with the rule, and the others still go through', () => {
    const d = decideBids(inputs([bid('alice', 900), bid('bob', 1_000)]))
    expect(codes(d)).toEqual(['bid_too_low', 201])
    expect((d.results[0] as { error: Error }).error.message).toBe('The minimum bid is 10.00.')
  })

  it('leaves its inputs as they were: a retried batch decides the same', () => {
    const input = inputs([bid('alice', 1_000), bid('bob', 1_100)])
    const first = decideBids(input)
    expect(input.ctx.bidIds).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
    expect(input.ctx.funds.get('alice')).toEqual({ balance: 10_000, held: 0, lotHold: 0 })
    expect(decideBids(input).write).toEqual(first.write)
  })
})
