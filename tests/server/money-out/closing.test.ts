import { randomUUID } from 'node:crypto'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { appendLedgerEntry } from '../../../server/repositories/ledger.ts'
import { bid, member, openLot, RecordingBroadcaster, type Member } from '../auction-helpers.ts'
import { createTestApp, raceNote, signUp, testConfig, type TestApp } from '../helpers.ts'
import { expectMoneyInvariants } from '../invariants/money.ts'
import { expectOrderInvariants, post, soldOrder } from '../orders/order-kit.ts'

/**
 * Closing an account (issue 30, decision 0053): refused while anything ties it to Lotline or real
 * money is in it, each refusal changing nothing; demo credit alone is forfeited; a closed account
 * keeps its ledger, which sums to a balance of 0. By the member (`DELETE /api/me`) and by an
 * admin (`POST /api/admin/members/:id/close`).
 */
const config = testConfig({ DEMO_CREDIT: '500.00' })
const broadcaster = new RecordingBroadcaster(config.pusher)
let t: TestApp
let admin: Member
let o: TestApp
let orderAdmin: Member

beforeAll(async () => {
  t = await createTestApp({ config, broadcaster })
  admin = await member(t.app, t.db, config, { role: 'admin' })
  o = await createTestApp({ config })
  orderAdmin = await member(o.app, o.db, config, { role: 'admin' })
})
afterAll(async () => {
  await t.close()
  await o.close()
})

const PASSWORD = 'correct horse battery'

/** A member registered through the API (so with the demo credit), signed in. */
async function registered(): Promise<Member & { email: string }> {
  const { b, res, user, email } = await signUp(t.app, {
    name: 'Closing Member',
    password: PASSWORD,
    emailPrefix: 'close',
  })
  expect(res.statusCode).toBe(201)
  return { id: user.id, alias: user.alias, name: 'Closing Member', b, email }
}

const removeMe = (m: Member) =>
  m.b.request({ method: 'DELETE', url: '/api/me', payload: { password: PASSWORD } })

const closeByAdmin = (userId: string, body: object = { reason: 'Asked by e-mail' }) =>
  closeIn(t, userId, body)

/** An admin of that app closes the account (each app has its own admin). */
function closeIn(on: TestApp, userId: string, body: object = { reason: 'Asked by e-mail' }) {
  const by = on === t ? admin : orderAdmin
  return by.b.request({ method: 'POST', url: `/api/admin/members/${userId}/close`, payload: body })
}

async function credit(userId: string, amount: number) {
  await appendLedgerEntry(t.db, { userId, kind: 'adjustment', amount, reason: 'test' })
}

/** Everything a closure would change: the row, the ledger, the sessions, the audit. */
async function snapshot(userId: string, on: TestApp = t) {
  const user = await on.db.query('select name, email, alias, deleted_at from users where id = $1', [
    userId,
  ])
  const ledger = await on.db.query(
    'select id, account, kind, amount from ledger_entries where user_id = $1 order by id',
    [userId],
  )
  const sessions = await on.db.query('select count(*)::int as n from sessions where user_id = $1', [
    userId,
  ])
  const audit = await on.db.query(
    `select count(*)::int as n from admin_audit where target_id = $1::text`,
    [userId],
  )
  const outside = await on.db.query(
    `select coalesce(sum(amount), 0)::bigint as total from ledger_entries where account = 'outside'`,
  )
  return {
    user: user.rows,
    ledger: ledger.rows,
    sessions: sessions.rows,
    audit: audit.rows,
    outside: outside.rows,
  }
}

/** The balance the ledger gives a member: the sum of their available and pending entries. */
async function balanceOf(userId: string, on: TestApp = t) {
  const { rows } = await on.db.query<{ available: string; pending: string }>(
    `select coalesce(sum(amount) filter (where account = 'available'), 0)::bigint as available,
            coalesce(sum(amount) filter (where account = 'pending'), 0)::bigint as pending
       from ledger_entries where user_id = $1`,
    [userId],
  )
  return { available: Number(rows[0]!.available), pending: Number(rows[0]!.pending) }
}

async function isClosed(userId: string, on: TestApp = t) {
  const { rows } = await on.db.query<{ closed: boolean }>(
    'select deleted_at is not null as closed from users where id = $1',
    [userId],
  )
  return rows[0]!.closed
}

describe('closing an account is refused, and changes nothing', () => {
  afterEach(() => expectMoneyInvariants(t.db))

  it('while the member has real money: 409 account_has_money with the amount (demo credit aside)', async () => {
    const m = await registered()
    await credit(m.id, 5_000)
    const before = await snapshot(m.id)
    const res = await removeMe(m)
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({
      code: 'account_has_money',
      amount: 5_000,
      errors: { money: expect.stringContaining('€50.00') },
    })
    expect(await snapshot(m.id)).toEqual(before)
    expect((await m.b.request({ method: 'GET', url: '/api/me' })).statusCode).toBe(200)
  })

  it('while money is held for a bid: account_has_holds first, the money said too', async () => {
    const m = await registered()
    const seller = await member(t.app, t.db, config)
    const lotId = await openLot(t.db, seller.id)
    expect((await bid(m, lotId, { amount: 1_000 })).statusCode).toBe(201)
    await credit(m.id, 2_500)
    const before = await snapshot(m.id)
    const res = await removeMe(m)
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({
      code: 'account_has_holds',
      errors: { holds: expect.any(String), money: expect.any(String) },
      // Demo credit counts as spent last: the 10.00 held comes out of the real 25.00 first.
      amount: 1_500,
    })
    expect(await snapshot(m.id)).toEqual(before)
  })

  it('while a payout or a refund to a card has not settled: money_in_transit', async () => {
    const m = await member(t.app, t.db, config)
    await t.db.query(
      `insert into payouts (user_id, client_key, amount, currency, stripe_account_id)
       values ($1, $2, 3000, 'EUR', 'acct_test')`,
      [m.id, randomUUID()],
    )
    const before = await snapshot(m.id)
    const res = await closeByAdmin(m.id)
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({
      code: 'money_in_transit',
      errors: { inTransit: expect.stringContaining('€30.00') },
    })
    expect(await snapshot(m.id)).toEqual(before)
    await t.db.query(`update payouts set status = 'paid' where user_id = $1`, [m.id])
    expect((await closeByAdmin(m.id)).statusCode).toBe(200)
  })

  it('by an admin with real money, even asking to send it out, while no withdrawal can be made', async () => {
    const m = await member(t.app, t.db, config, { credit: 4_200 })
    const before = await snapshot(m.id)
    for (const body of [{ reason: 'Asked by e-mail' }, { reason: 'Asked', sendMoneyOut: true }]) {
      const res = await closeByAdmin(m.id, body)
      expect(res.statusCode).toBe(409)
      expect(res.json()).toMatchObject({ code: 'account_has_money', amount: 4_200 })
    }
    expect(await snapshot(m.id)).toEqual(before)
  })
})

describe('closing an account', () => {
  afterEach(() => expectMoneyInvariants(t.db))

  it('forfeits the demo credit: the closed account keeps its ledger, which sums to 0', async () => {
    const m = await registered()
    expect(await balanceOf(m.id)).toEqual({ available: 50_000, pending: 0 })
    const res = await removeMe(m)
    expect(res.statusCode).toBe(204)
    expect(await isClosed(m.id)).toBe(true)
    const { rows } = await t.db.query<{ kind: string; amount: string; reason: string }>(
      `select kind, amount, reason from ledger_entries where user_id = $1 order by id`,
      [m.id],
    )
    expect(rows.map((r) => [r.kind, Number(r.amount), r.reason])).toEqual([
      ['demo_credit', 50_000, 'Demo credit to try Lotline'],
      ['adjustment', -50_000, 'Demo credit forfeited on closing'],
    ])
    expect(await balanceOf(m.id)).toEqual({ available: 0, pending: 0 })
  })

  it('forfeits only what demo credit is left after spending some of it', async () => {
    const m = await registered()
    await credit(m.id, -20_000)
    expect((await removeMe(m)).statusCode).toBe(204)
    expect(await balanceOf(m.id)).toEqual({ available: 0, pending: 0 })
  })

  it('by an admin: audited as member.close with the amounts; the member list shows 0', async () => {
    const m = await registered()
    const res = await closeByAdmin(m.id)
    expect(res.statusCode).toBe(200)
    expect(res.json().member).toMatchObject({ name: 'Deleted member', balance: 0, available: 0 })
    const { rows } = await t.db.query<{ admin_id: string; reason: string; details: object }>(
      `select admin_id, reason, details from admin_audit
        where action = 'member.close' and target_id = $1::text`,
      [m.id],
    )
    expect(rows).toEqual([
      {
        admin_id: admin.id,
        reason: 'Asked by e-mail',
        details: { demoCreditForfeited: 50_000, balanceBefore: 50_000 },
      },
    ])
    expect((await m.b.request({ method: 'GET', url: '/api/me' })).statusCode).toBe(401)
    // Closed once: a second close finds no member.
    expect((await closeByAdmin(m.id)).statusCode).toBe(404)
  })

  it('is for admins only, never oneself, and needs a reason', async () => {
    const m = await member(t.app, t.db, config)
    const other = await member(t.app, t.db, config)
    const asMember = await other.b.request({
      method: 'POST',
      url: `/api/admin/members/${m.id}/close`,
      payload: { reason: 'Because' },
    })
    expect(asMember.statusCode).toBe(403)
    expect((await closeByAdmin(admin.id)).statusCode).toBe(403)
    expect((await closeByAdmin(m.id, {})).statusCode).toBe(422)
    expect((await closeByAdmin(m.id, { reason: 'ok', extra: 1 })).statusCode).toBe(422)
    expect((await closeByAdmin('not-a-uuid')).statusCode).toBe(422)
    expect((await closeByAdmin(randomUUID())).statusCode).toBe(404)
    expect(await isClosed(m.id)).toBe(false)
  })

  it('never lets a credit land in a closed account: an admin credit afterwards is 404', async () => {
    const m = await member(t.app, t.db, config)
    expect((await closeByAdmin(m.id)).statusCode).toBe(200)
    const res = await admin.b.request({
      method: 'POST',
      url: `/api/admin/wallets/${m.id}/adjustments`,
      headers: { 'idempotency-key': randomUUID() },
      payload: { amount: 1_000, reason: 'Late credit' },
    })
    expect(res.statusCode).toBe(404)
    expect(await balanceOf(m.id)).toEqual({ available: 0, pending: 0 })
  })

  it(`races a credit: either the credit lands and closing is refused, or the account closes and the credit is refused${raceNote}`, async () => {
    for (let round = 0; round < 4; round++) {
      const m = await member(t.app, t.db, config)
      const [closing, crediting] = await Promise.all([
        closeByAdmin(m.id),
        admin.b.request({
          method: 'POST',
          url: `/api/admin/wallets/${m.id}/adjustments`,
          headers: { 'idempotency-key': randomUUID() },
          payload: { amount: 1_000, reason: 'Goodwill' },
        }),
      ])
      const closed = await isClosed(m.id)
      if (closed) {
        expect(closing.statusCode).toBe(200)
        expect(crediting.statusCode).toBe(404)
        expect(await balanceOf(m.id)).toEqual({ available: 0, pending: 0 })
      } else {
        expect(crediting.statusCode).toBe(201)
        expect(closing.json()).toMatchObject({ code: 'account_has_money', amount: 1_000 })
      }
    }
  })
})

/**
 * Orders made as tests/server/orders makes them (soldOrder: no bid, so not a sale the auction
 * invariants know), in an app of their own checked with the order invariants.
 */
describe('closing an account with orders', () => {
  afterEach(async () => {
    await expectOrderInvariants(o.db)
    const { rows } = await o.db.query<{ total: string }>(
      'select coalesce(sum(amount), 0)::bigint as total from ledger_entries',
    )
    expect(Number(rows[0]!.total), 'the whole ledger sums to zero').toBe(0)
  })

  it('while an order is not finished, as buyer or seller, a problem included: account_has_orders', async () => {
    const seller = await member(o.app, o.db, config)
    const buyer = await member(o.app, o.db, config, { credit: 20_000 })
    const { orderId } = await soldOrder(o.db, { seller, buyer }, { delivery: 'pickup' })
    expect((await post(buyer, `orders/${orderId}/problem`)).json().state).toBe('problem')
    for (const who of [buyer, seller]) {
      const before = await snapshot(who.id, o)
      const res = await closeIn(o, who.id)
      expect(res.statusCode).toBe(409)
      expect(res.json()).toMatchObject({
        code: 'account_has_orders',
        errors: { orders: expect.any(String) },
      })
      expect(await snapshot(who.id, o)).toEqual(before)
    }
  })

  it('while pending proceeds wait for an order: account_has_money counts them', async () => {
    const seller = await member(o.app, o.db, config)
    const buyer = await member(o.app, o.db, config, { credit: 20_000 })
    const { orderId } = await soldOrder(o.db, { seller, buyer }, { delivery: 'pickup' })
    // The order finished without its release (as a crash between the two would leave it): the
    // proceeds are still pending, and they are the seller's money.
    await o.db.query(`update orders set state = 'completed' where id = $1`, [orderId])
    const { pending } = await balanceOf(seller.id, o)
    expect(pending).toBeGreaterThan(0)
    const res = await closeIn(o, seller.id)
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ code: 'account_has_money', amount: pending })
    expect(await isClosed(seller.id, o)).toBe(false)
    await o.db.query(`update orders set state = 'awaiting_pickup' where id = $1`, [orderId])
  })
})
