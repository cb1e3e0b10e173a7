import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { randomUUID } from 'node:crypto'
import { resolveBid, type AuctionState } from '../../common/auction.ts'
import { createTestApp, onPostgres, testConfig, type TestApp } from './helpers.ts'
import {
  expectMoneyInvariants,
  bid,
  member,
  openLot,
  RecordingBroadcaster,
  type Member,
} from './auction-helpers.ts'
import { bidAnswers } from './invariants/auction.ts'

/**
 * Many concurrent bids on one lot: the outcome must equal SOME serial order of the accepted
 * requests — the order of their bid ids. On PostgreSQL this is a real race on the row locks; on
 * PGlite (one connection) transactions run one at a time, so a smaller run there only checks the
 * batching, the serial-order rule and the repeats — the test names say which engine ran.
 */
const BIDDERS = onPostgres ? 24 : 10
const REQUESTS = onPostgres ? 240 : 60
const RETRIES = onPostgres ? 40 : 10
const STARTING_PRICE = 1_000

let t: TestApp
const config = testConfig()

beforeAll(async () => {
  t = await createTestApp({ config, broadcaster: new RecordingBroadcaster(config.pusher) })
})
// Every money test ends with the shared invariants (balances, holds, credits).
afterEach(() => expectMoneyInvariants(t.db))
afterAll(() => t.close())

interface Attempt {
  bidder: Member
  key: string
  amount: number
  maxAmount: number
}

/** Deterministic pseudo-random numbers, so a failure can be reproduced. */
function rng(seed: number) {
  let s = seed >>> 0
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0
    return s / 2 ** 32
  }
}

describe(`concurrent bids on one hot lot (${onPostgres ? 'a real race on PostgreSQL' : 'serialized on PGlite: no real race'})`, () => {
  it('equals a serial replay of the accepted requests in bid-id order', async () => {
    const random = rng(20_301)
    const seller = await member(t.app, t.db, config)
    const credits = new Map<string, number>()
    const bidders: Member[] = []
    for (let i = 0; i < BIDDERS; i++) {
      // A few bidders are poor, so some maxima fail for lack of funds.
      const credit = i % 6 === 5 ? 4_000 : 400_000
      const m = await member(t.app, t.db, config, { credit })
      credits.set(m.id, credit)
      bidders.push(m)
    }
    const lotId = await openLot(t.db, seller.id, {
      startingPrice: STARTING_PRICE,
      reservePrice: 100_000,
    })

    const attempts: Attempt[] = []
    for (let i = 0; i < REQUESTS; i++) {
      const amount = STARTING_PRICE + Math.floor(i * 600 + random() * 1_500)
      const withMax = random() < 0.4
      attempts.push({
        bidder: bidders[Math.floor(random() * bidders.length)]!,
        key: randomUUID(),
        amount,
        maxAmount: withMax ? amount + Math.floor(random() * 4_000) : amount,
      })
    }
    const retried = attempts.slice(0, RETRIES)
    const send = (a: Attempt) =>
      bid(a.bidder, lotId, { amount: a.amount, maxAmount: a.maxAmount }, a.key)
    const responses = await Promise.all([...attempts, ...retried].map(send))

    // Every answer is an acceptance or a rule refusal; never a 5xx.
    const byKey = new Map<
      string,
      Array<{ status: number; body: { code?: string; bids?: Array<{ id: number }> } }>
    >()
    for (const [i, res] of responses.entries()) {
      const a = i < attempts.length ? attempts[i]! : retried[i - attempts.length]!
      const list = byKey.get(a.key) ?? []
      list.push({ status: res.statusCode, body: res.json() })
      byKey.set(a.key, list)
      expect([201, 422], res.body).toContain(res.statusCode)
      if (res.statusCode === 422) {
        expect(['bid_too_low', 'max_not_raised', 'insufficient_funds']).toContain(res.json().code)
      }
    }
    // Every request repeated during the race was answered twice; where both answers accepted it,
    // they are the very same response (a refused first attempt is not stored, so its repeat may
    // be decided afresh — how many of the pair a race accepts is up to the race).
    for (const a of retried) {
      const answers = byKey.get(a.key)!
      expect(answers).toHaveLength(2)
      const accepted = answers.filter((x) => x.status === 201)
      if (accepted.length === 2) expect(accepted[1]!.body).toEqual(accepted[0]!.body)
    }
    // Then every accepted request is sent again at once, after the race: each gets its first
    // answer back, so the repeat check always runs on every acceptance (and the history check
    // below proves none was placed twice).
    const firstAccepted = [...byKey]
      .map(([key, answers]) => [key, answers.find((x) => x.status === 201)] as const)
      .filter((entry): entry is readonly [string, NonNullable<(typeof entry)[1]>] => !!entry[1])
    const attemptByKey = new Map(attempts.map((a) => [a.key, a]))
    const repeats = await Promise.all(firstAccepted.map(([key]) => send(attemptByKey.get(key)!)))
    expect(repeats.length).toBeGreaterThan(REQUESTS / 10)
    for (const [i, res] of repeats.entries()) {
      expect(res.statusCode).toBe(201)
      expect(res.json()).toEqual(firstAccepted[i]![1].body)
    }

    // History as recorded; each request's own row (not a proxy's) is named by the answer stored
    // under its key (idempotency_keys), which lists it or, for a hidden raise, reports its maximum.
    const { rows: history } = await t.db.query<{
      id: number
      bidder_id: string
      amount: number
      max_amount: number
      auto: boolean
    }>('select id, bidder_id, amount, max_amount, auto from bids where lot_id = $1 order by id', [
      lotId,
    ])
    const keyOfBid = new Map(
      (await bidAnswers(t.db))
        .filter((a) => a.placed?.lotId === lotId)
        .map((a) => [a.placed!.id, a.key]),
    )
    const ownRows = history.filter((r) => !r.auto)
    const acceptedKeys = [...byKey]
      .filter(([, answers]) => answers.some((x) => x.status === 201))
      .map(([k]) => k)
    // Each accepted request appears exactly once in history, and nothing else does.
    expect(ownRows.map((r) => keyOfBid.get(Number(r.id))).sort()).toEqual([...acceptedKeys].sort())
    expect(new Set(history.map((r) => r.id)).size).toBe(history.length)
    expect(acceptedKeys.length).toBeGreaterThan(REQUESTS / 10)

    // Replay the accepted requests in bid-id order through the pure rules.
    let state: AuctionState = {
      startingPrice: STARTING_PRICE,
      reservePrice: 100_000,
      currentPrice: null,
      leaderId: null,
      leaderMax: null,
      bidCount: 0,
    }
    const replayed: Array<[string, number, boolean]> = []
    for (const row of ownRows) {
      const a = attemptByKey.get(keyOfBid.get(Number(row.id))!)!
      const outcome = resolveBid(state, {
        bidderId: a.bidder.id,
        amount: a.amount,
        maxAmount: a.maxAmount,
        at: new Date(),
      })
      expect(outcome.ok, `request ${a.key} would be refused in serial order`).toBe(true)
      if (!outcome.ok) return
      // Funds at that point: only this lot holds money, so the bidder's whole credit is available.
      expect(credits.get(a.bidder.id)!).toBeGreaterThanOrEqual(a.maxAmount)
      state = outcome.state
      for (const r of outcome.records) replayed.push([r.bidderId, r.amount, r.auto])
    }
    expect(history.map((r) => [r.bidder_id, r.amount, r.auto])).toEqual(replayed)

    const { rows: lots } = await t.db.query<{
      current_price: number
      leader_id: string
      leader_max: number
      bid_count: number
    }>('select current_price, leader_id, leader_max, bid_count from lots where id = $1', [lotId])
    expect(lots[0]).toEqual({
      current_price: state.currentPrice,
      leader_id: state.leaderId,
      leader_max: state.leaderMax,
      bid_count: state.bidCount,
    })

    // Holds: exactly the leader holds their maximum; everyone else holds nothing on this lot.
    const { rows: holds } = await t.db.query<{ user_id: string; amount: number }>(
      `select user_id, amount from holds where lot_id = $1 and status = 'active'`,
      [lotId],
    )
    expect(holds).toEqual([{ user_id: state.leaderId, amount: state.leaderMax }])
    for (const b of bidders) {
      const wallet = (await b.b.request({ method: 'GET', url: '/api/wallet' })).json()
      const expectedHeld = b.id === state.leaderId ? state.leaderMax : 0
      expect(wallet).toMatchObject({ balance: credits.get(b.id), held: expectedHeld })
      expect(wallet.available).toBeGreaterThanOrEqual(0)
    }
    await expectMoneyInvariants(t.db)
  })

  it('never lets one wallet back more maxima than it holds, across lots bid on at once', async () => {
    const seller = await member(t.app, t.db, config)
    const poor = await member(t.app, t.db, config, { credit: 10_000 })
    const rich = await member(t.app, t.db, config, { credit: 1_000_000 })
    const lots = await Promise.all(Array.from({ length: 6 }, () => openLot(t.db, seller.id)))
    // Rich leads two lots first, so poor's bids there also release rich's holds.
    await bid(rich, lots[0]!, { amount: 1_000 })
    await bid(rich, lots[1]!, { amount: 1_000 })
    const answers = await Promise.all(
      lots.flatMap((lotId) => [
        bid(poor, lotId, { amount: 2_000, maxAmount: 6_000 }),
        bid(poor, lotId, { amount: 2_000, maxAmount: 6_000 }),
      ]),
    )
    const accepted = answers.filter((r) => r.statusCode === 201)
    expect(accepted).toHaveLength(1)
    for (const r of answers) expect([201, 422]).toContain(r.statusCode)
    const wallet = (await poor.b.request({ method: 'GET', url: '/api/wallet' })).json()
    expect(wallet).toMatchObject({ balance: 10_000, held: 6_000, available: 4_000 })
    await expectMoneyInvariants(t.db)
  })
})
