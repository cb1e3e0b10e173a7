import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Queryable } from '../../../server/db/types.ts'
import { bid, member, openLot, RecordingBroadcaster } from '../auction-helpers.ts'
import { createTestApp, testConfig, type TestApp } from '../helpers.ts'
import { auctionViolations } from './auction.ts'

/**
 * The fault suites trust these checks to notice a broken state, so each one is shown to fire on
 * the corruption it exists for (made inside a transaction that is rolled back).
 */
const config = testConfig()
let t: TestApp
let lotId: string
let leaderId: string
let otherId: string

class Rollback extends Error {}

async function violationsAfter(corrupt: (tx: Queryable) => Promise<unknown>): Promise<string[]> {
  let found: string[] = []
  await t.db
    .transaction(async (tx) => {
      await corrupt(tx)
      found = await auctionViolations(tx)
      throw new Rollback()
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error
    })
  return found
}

beforeAll(async () => {
  t = await createTestApp({ config, broadcaster: new RecordingBroadcaster(config.pusher) })
  const seller = await member(t.app, t.db, config)
  const a = await member(t.app, t.db, config, { credit: 100_000 })
  const b = await member(t.app, t.db, config, { credit: 100_000 })
  lotId = await openLot(t.db, seller.id, { startingPrice: 1_000 })
  expect((await bid(a, lotId, { amount: 1_000, maxAmount: 2_000 })).statusCode).toBe(201)
  expect((await bid(b, lotId, { amount: 1_100 })).statusCode).toBe(201)
  expect((await bid(b, lotId, { amount: 2_500, maxAmount: 3_000 })).statusCode).toBe(201)
  // The leader raises their maximum: a hidden row, and an answer that lists no bids.
  expect((await bid(b, lotId, { amount: 2_600, maxAmount: 4_000 })).statusCode).toBe(201)
  leaderId = b.id
  otherId = a.id
})
afterAll(() => t.close())

describe('auction invariants', () => {
  it('hold on a state the API produced', async () => {
    expect(await auctionViolations(t.db)).toEqual([])
  })

  it('notice a lot whose bid count, price or leader disagrees with its history', async () => {
    const count = await violationsAfter((tx) =>
      tx.query('update lots set bid_count = bid_count + 1 where id = $1', [lotId]),
    )
    expect(count.join()).toMatch(/bid_count/)
    const leader = await violationsAfter((tx) =>
      tx.query('update lots set leader_id = $2 where id = $1', [lotId, otherId]),
    )
    expect(leader.join()).toMatch(/history says/)
  })

  it('notice a leader holding the wrong amount, or a hold by someone else', async () => {
    const amount = await violationsAfter((tx) =>
      tx.query(`update holds set amount = amount - 1 where lot_id = $1 and status = 'active'`, [
        lotId,
      ]),
    )
    expect(amount.join()).toMatch(/active holds/)
    const extra = await violationsAfter((tx) =>
      tx.query(`insert into holds (user_id, lot_id, amount) values ($1, $2, 100)`, [
        otherId,
        lotId,
      ]),
    )
    expect(extra.join()).toMatch(/active holds/)
  })

  it('notice a negative available balance', async () => {
    const found = await violationsAfter((tx) =>
      tx.query(
        `insert into ledger_entries (user_id, kind, amount, reason) values ($1, 'adjustment', -99000, 'x')`,
        [leaderId],
      ),
    )
    expect(found.join()).toMatch(/available -\d+ < 0/)
  })

  it('notice a stored answer without its bid, shown or hidden, or a half-done claim', async () => {
    const lastOf = (visible: boolean) =>
      violationsAfter((tx) =>
        tx.query(
          `delete from bids where id = (select max(id) from bids
             where bidder_id = $1 and not auto and visible = $2)`,
          [leaderId, visible],
        ),
      )
    expect((await lastOf(true)).join()).toMatch(/its bid is not in the history/)
    expect((await lastOf(false)).join()).toMatch(/its bid is not in the history/)
    const claim = await violationsAfter((tx) =>
      tx.query(`update idempotency_keys set status_code = 0 where user_id = $1`, [leaderId]),
    )
    expect(claim.join()).toMatch(/status 0/)
  })

  it('notice a bid without its stored answer, or one answer claiming another’s bid', async () => {
    const unanswered = await violationsAfter((tx) =>
      tx.query(
        `delete from idempotency_keys where scope = 'bid' and user_id = $1
           and key = (select min(key) from idempotency_keys where scope = 'bid' and user_id = $1)`,
        [otherId],
      ),
    )
    expect(unanswered.join()).toMatch(/bid \d+ has no stored answer/)
    const twice = await violationsAfter((tx) =>
      tx.query(
        `insert into idempotency_keys (user_id, scope, key, request_hash, response, status_code)
         select user_id, scope, key || '-again', request_hash, response, status_code
           from idempotency_keys where scope = 'bid' and user_id = $1`,
        [otherId],
      ),
    )
    expect(twice.join()).toMatch(/is the effect of both/)
  })
})
