import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bid, member, openLot, RecordingBroadcaster, type Member } from './auction-helpers.ts'
import { browser, createTestApp, testConfig, uniqueEmail, XHR, type TestApp } from './helpers.ts'
import { expectMoneyInvariants } from './invariants/money.ts'
import { appendLedgerEntry } from '../../server/repositories/ledger.ts'

/**
 * The admin area's API (decision 0027): admins only, every action audited in its own
 * transaction, suspension, the last-admin rule, cancel with holds released once, hostile input.
 */
const config = testConfig()
let t: TestApp

beforeAll(async () => {
  t = await createTestApp({ config, broadcaster: new RecordingBroadcaster(config.pusher) })
})
afterAll(() => t.close())

const newMember = (credit = 0, role: 'member' | 'admin' = 'member', app = t) =>
  member(app.app, app.db, config, { credit, role })

async function auditRows(targetId: string, db = t.db) {
  const { rows } = await db.query<{
    action: string
    reason: string | null
    details: Record<string, unknown>
  }>('select action, reason, details from admin_audit where target_id = $1 order by id', [targetId])
  return rows.map((r) => ({
    ...r,
    details: typeof r.details === 'string' ? JSON.parse(r.details) : r.details,
  }))
}
const post = (as: Member, url: string, payload: unknown, headers = {}) =>
  as.b.request({ method: 'POST', url, payload: payload as object, headers })
const setRole = (as: Member, userId: string, role: string, reason = 'Runs the sales') =>
  post(as, `/api/admin/members/${userId}/role`, { role, reason })
const suspend = (as: Member, userId: string, suspended = true, reason = 'Unpaid lots') =>
  post(as, `/api/admin/members/${userId}/suspension`, { suspended, reason })

describe('who may use the admin area', () => {
  it('members get 403 and guests 401 on every admin route, before their input is checked', async () => {
    const someone = await newMember()
    const lotId = await openLot(t.db, someone.id)
    const routes: Array<[string, string, unknown]> = [
      ['GET', '/api/admin/members?q=a', undefined],
      ['GET', '/api/admin/lots', undefined],
      ['GET', '/api/admin/top-ups', undefined],
      ['GET', '/api/admin/audit', undefined],
      ['GET', '/api/admin/fees', undefined],
      ['GET', '/api/admin/orders?state=bogus', undefined],
      ['POST', `/api/admin/orders/${randomUUID()}/resolution`, { outcome: 'nope' }],
      ['POST', `/api/admin/members/${someone.id}/role`, { role: 'admin', reason: 'me please' }],
      ['POST', `/api/admin/members/${someone.id}/suspension`, { suspended: true, reason: 'x' }],
      ['POST', `/api/admin/lots/${lotId}/cancel`, { reason: 'Because I can' }],
      ['POST', `/api/admin/top-ups/${randomUUID()}/refresh`, {}],
      ['POST', `/api/admin/wallets/${someone.id}/adjustments`, { amount: 5, reason: 'gift' }],
    ]
    const plain = await newMember()
    for (const [method, url, payload] of routes) {
      const asMember = await plain.b.request({
        method: method as 'GET',
        url,
        ...(payload ? { payload: payload as object } : {}),
        headers: { 'idempotency-key': randomUUID() },
      })
      expect(asMember.statusCode, `${method} ${url}`).toBe(403)
      expect(asMember.headers['content-type']).toMatch(/application\/problem\+json/)
      expect(asMember.json().code).toBe('forbidden')
      const guest = await t.app.inject({
        method: method as 'GET',
        url,
        headers: XHR,
        ...(payload ? { payload: payload as object } : {}),
      })
      expect(guest.statusCode, `${method} ${url}`).toBe(401)
    }
    const { rows } = await t.db.query(`select role from users where id = $1`, [someone.id])
    expect(rows[0]).toEqual({ role: 'member' })
    expect(await auditRows(someone.id)).toEqual([])
    expect(await auditRows(lotId)).toEqual([])
  })

  it('a write without the async header is refused (CSRF), as everywhere', async () => {
    const admin = await newMember(0, 'admin')
    const target = await newMember()
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/members/${target.id}/role`,
      headers: { cookie: admin.b.cookie! },
      payload: { role: 'admin', reason: 'Runs the sales' },
    })
    expect(res.statusCode).toBe(403)
    expect(res.json().code).toBe('csrf_header_missing')
    expect(await auditRows(target.id)).toEqual([])
  })
})

describe('members', () => {
  it('searches by name, e-mail or alias, paginated by e-mail, with the wallet', async () => {
    const admin = await newMember(0, 'admin')
    const target = await newMember(2_500)
    const { rows } = await t.db.query<{ email: string; alias: string }>(
      'select email, alias from users where id = $1',
      [target.id],
    )
    const byEmail = await admin.b.request({
      method: 'GET',
      url: `/api/admin/members?q=${encodeURIComponent(rows[0]!.email.toUpperCase())}`,
    })
    expect(byEmail.statusCode).toBe(200)
    expect(byEmail.json().items).toEqual([
      expect.objectContaining({ id: target.id, balance: 2_500, available: 2_500, role: 'member' }),
    ])
    const byAlias = await admin.b.request({
      method: 'GET',
      url: `/api/admin/members?q=${encodeURIComponent(rows[0]!.alias)}`,
    })
    expect(byAlias.json().items.map((m: { id: string }) => m.id)).toEqual([target.id])
    // LIKE wildcards are searched for literally.
    const wild = await admin.b.request({ method: 'GET', url: '/api/admin/members?q=%25' })
    expect(wild.json().items).toEqual([])
    for (let i = 0; i < 21; i++) await newMember()
    const first = await admin.b.request({ method: 'GET', url: '/api/admin/members' })
    const page1 = first.json()
    expect(page1.items).toHaveLength(20)
    expect(page1.nextCursor).toBe(page1.items[19].email)
    const second = await admin.b.request({
      method: 'GET',
      url: `/api/admin/members?cursor=${encodeURIComponent(page1.nextCursor)}`,
    })
    const emails = second.json().items.map((m: { email: string }) => m.email)
    expect(emails.length).toBeGreaterThan(0)
    expect(emails[0] > page1.nextCursor).toBe(true)
  })

  it('changes a role with a reason, audited; the same role again changes nothing', async () => {
    const admin = await newMember(0, 'admin')
    const target = await newMember()
    const res = await setRole(admin, target.id, 'admin')
    expect(res.statusCode).toBe(200)
    expect(res.json().member).toMatchObject({ id: target.id, role: 'admin' })
    expect(await setRole(admin, target.id, 'admin')).toHaveProperty('statusCode', 200)
    expect(await auditRows(target.id)).toEqual([
      { action: 'member.role', reason: 'Runs the sales', details: { from: 'member', to: 'admin' } },
    ])
  })

  it('suspension ends the sessions, refuses sign-in and bids; holds stay; restore lets them in', async () => {
    const admin = await newMember(0, 'admin')
    const seller = await newMember()
    const lotId = await openLot(t.db, seller.id, { startingPrice: 1_000 })
    // A member who signs in with a password, with a hold on the lot.
    const email = uniqueEmail('s')
    const password = 'correct horse battery'
    const b = browser(t.app)
    const reg = await b.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Sam', email, password },
    })
    const userId = reg.json().user.id as string
    await appendLedgerEntry(t.db, { userId: userId, kind: 'adjustment', amount: 5000, reason: 't' })
    const suspect: Member = { id: userId, alias: '', name: 'Sam', b }
    expect((await bid(suspect, lotId, { amount: 1_000 })).statusCode).toBe(201)

    const res = await suspend(admin, userId)
    expect(res.statusCode).toBe(200)
    expect(res.json().member.suspendedAt).toEqual(expect.any(String))
    expect((await b.request({ method: 'GET', url: '/api/me' })).statusCode).toBe(401)
    expect((await bid(suspect, lotId, { amount: 2_000 })).statusCode).toBe(401)
    const sessions = await t.db.query('select 1 from sessions where user_id = $1', [userId])
    expect(sessions.rows).toHaveLength(0)
    const login = await b.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
    })
    expect(login.statusCode).toBe(403)
    expect(login.json().code).toBe('account_suspended')
    const wrong = await b.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'not the password' },
    })
    expect(wrong.json().code).toBe('invalid_credentials')
    const holds = await t.db.query<{ status: string }>(
      'select status from holds where user_id = $1',
      [userId],
    )
    expect(holds.rows).toEqual([{ status: 'active' }])
    expect(await auditRows(userId)).toEqual([
      { action: 'member.suspend', reason: 'Unpaid lots', details: { sessionsEnded: 1 } },
    ])

    expect((await suspend(admin, userId, false, 'Paid up')).statusCode).toBe(200)
    const back = await b.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
    })
    expect(back.statusCode).toBe(200)
    expect((await auditRows(userId)).map((r) => r.action)).toEqual([
      'member.suspend',
      'member.unsuspend',
    ])
    await expectMoneyInvariants(t.db)
  })

  it('an admin cannot suspend themselves', async () => {
    const admin = await newMember(0, 'admin')
    const res = await suspend(admin, admin.id)
    expect(res.statusCode).toBe(409)
    expect(res.json().code).toBe('last_admin')
    expect(await auditRows(admin.id)).toEqual([])
  })
})

describe('the last admin, and one transaction for an action and its audit', () => {
  let solo: TestApp
  beforeAll(async () => {
    solo = await createTestApp({ config, broadcaster: new RecordingBroadcaster(config.pusher) })
  })
  afterAll(() => solo.close())

  it('the only active admin cannot demote themselves; with a second admin they can', async () => {
    const only = await newMember(0, 'admin', solo)
    const refused = await setRole(only, only.id, 'member')
    expect(refused.statusCode).toBe(409)
    expect(refused.json().code).toBe('last_admin')
    expect(await auditRows(only.id, solo.db)).toEqual([])
    const other = await newMember(0, 'member', solo)
    expect((await setRole(only, other.id, 'admin')).statusCode).toBe(200)
    // A suspended admin does not count.
    expect((await suspend(only, other.id)).statusCode).toBe(200)
    expect((await setRole(only, only.id, 'member')).statusCode).toBe(409)
    expect((await suspend(only, other.id, false, 'Back again')).statusCode).toBe(200)
    expect((await setRole(only, only.id, 'member')).statusCode).toBe(200)
    expect((await auditRows(only.id, solo.db)).map((r) => r.details)).toEqual([
      { from: 'admin', to: 'member' },
    ])
  })

  it('an action whose audit row cannot be written does not happen', async () => {
    const admin = await newMember(0, 'admin', solo)
    const target = await newMember(1_000, 'member', solo)
    await solo.db.query(`create function refuse_audit() returns trigger language plpgsql as $$
      begin raise exception 'audit refused'; end $$`)
    await solo.db.query(
      'create trigger refuse_audit before insert on admin_audit for each row execute function refuse_audit()',
    )
    const res = await post(
      admin,
      `/api/admin/wallets/${target.id}/adjustments`,
      { amount: 500, reason: 'Goodwill' },
      { 'idempotency-key': randomUUID() },
    )
    expect(res.statusCode).toBe(500)
    expect((await setRole(admin, target.id, 'admin')).statusCode).toBe(500)
    const { rows } = await solo.db.query<{ n: number; role: string }>(
      `select (select count(*)::int from ledger_entries where user_id = $1) as n, role
         from users where id = $1`,
      [target.id],
    )
    expect(rows[0]).toEqual({ n: 1, role: 'member' })
    await solo.db.query('drop trigger refuse_audit on admin_audit')
  })
})

describe('wallet adjustments', () => {
  it('audits the amount with the balance before and after; a refused one leaves no row', async () => {
    const admin = await newMember(0, 'admin')
    const target = await newMember(1_000)
    const adjust = (amount: number) =>
      post(
        admin,
        `/api/admin/wallets/${target.id}/adjustments`,
        { amount, reason: 'Goodwill' },
        { 'idempotency-key': randomUUID() },
      )
    expect((await adjust(-400)).statusCode).toBe(201)
    const refused = await adjust(-5_000)
    expect(refused.statusCode).toBe(422)
    expect(refused.json().code).toBe('debit_below_zero')
    expect(await auditRows(target.id)).toEqual([
      {
        action: 'wallet.adjust',
        reason: 'Goodwill',
        details: {
          amount: -400,
          balanceBefore: 1_000,
          balanceAfter: 600,
          availableBefore: 1_000,
          availableAfter: 600,
        },
      },
    ])
  })
})

describe('lots', () => {
  it('finds a lot and cancels it with a reason: holds released exactly once, audited once', async () => {
    const admin = await newMember(0, 'admin')
    const seller = await newMember()
    const bidder = await newMember(10_000)
    const lotId = await openLot(t.db, seller.id, { startingPrice: 1_000, title: 'Brass lamp 7Q' })
    expect((await bid(bidder, lotId, { amount: 1_000, maxAmount: 3_000 })).statusCode).toBe(201)

    const found = await admin.b.request({ method: 'GET', url: '/api/admin/lots?q=lamp%207q' })
    expect(found.json().items.map((l: { id: string }) => l.id)).toEqual([lotId])

    const missing = await post(admin, `/api/admin/lots/${lotId}/cancel`, {})
    expect(missing.statusCode).toBe(422)
    const key = randomUUID()
    const cancel = () =>
      post(
        admin,
        `/api/admin/lots/${lotId}/cancel`,
        { reason: 'Counterfeit' },
        {
          'idempotency-key': key,
        },
      )
    const res = await cancel()
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ id: lotId, status: 'cancelled' })
    const repeat = await cancel()
    expect(repeat.statusCode).toBe(200)
    expect(repeat.headers['idempotent-replayed']).toBe('true')
    const again = await post(admin, `/api/admin/lots/${lotId}/cancel`, { reason: 'Counterfeit' })
    expect(again.statusCode).toBe(409)
    expect(again.json().code).toBe('lot_not_cancellable')

    const holds = await t.db.query<{ status: string }>(
      'select status from holds where lot_id = $1',
      [lotId],
    )
    expect(holds.rows).toEqual([{ status: 'released' }])
    const wallet = await bidder.b.request({ method: 'GET', url: '/api/wallet' })
    expect(wallet.json()).toMatchObject({ balance: 10_000, held: 0, available: 10_000 })
    expect(await auditRows(lotId)).toEqual([
      {
        action: 'lot.cancel',
        reason: 'Counterfeit',
        details: { title: 'Brass lamp 7Q', holdsReleased: 1, amountReleased: 3_000 },
      },
    ])
    await expectMoneyInvariants(t.db)
  })
})

describe('top-ups needing attention and the audit', () => {
  it('lists failed, stuck and refund-owed top-ups', async () => {
    const admin = await newMember(0, 'admin')
    const payer = await newMember()
    const insert = (status: string, minutesAgo: number) =>
      t.db.query<{ id: string }>(
        `insert into top_ups (user_id, client_key, amount, currency, status, created_at, updated_at)
         values ($1, $2, 2000, 'eur', $3, now() - make_interval(mins => $4), now())
         returning id`,
        [payer.id, randomUUID(), status, minutesAgo],
      )
    const failed = (await insert('failed', 1)).rows[0]!.id
    const stuck = (await insert('processing', 120)).rows[0]!.id
    const fresh = (await insert('processing', 1)).rows[0]!.id
    const res = await admin.b.request({ method: 'GET', url: '/api/admin/top-ups' })
    expect(res.statusCode).toBe(200)
    const byId = new Map(
      res.json().items.map((i: { id: string; attention: string }) => [i.id, i.attention]),
    )
    expect(byId.get(failed)).toBe('failed')
    expect(byId.get(stuck)).toBe('stuck')
    expect(byId.has(fresh)).toBe(false)
  })

  it('pages the audit newest first', async () => {
    const admin = await newMember(0, 'admin')
    const first = await admin.b.request({ method: 'GET', url: '/api/admin/audit' })
    expect(first.statusCode).toBe(200)
    const page = first.json()
    const ids = page.items.map((e: { id: number }) => e.id)
    expect(ids).toEqual([...ids].sort((a, b) => b - a))
    expect(page.items[0]).toHaveProperty('adminName')
    if (page.nextCursor) {
      const next = await admin.b.request({
        method: 'GET',
        url: `/api/admin/audit?cursor=${page.nextCursor}`,
      })
      expect(next.json().items[0].id).toBeLessThan(ids[ids.length - 1])
    }
  })
})

describe('hostile input', () => {
  it('is refused with 4xx problem+json and changes nothing', async () => {
    const admin = await newMember(0, 'admin')
    const target = await newMember(1_000)
    const cases: Array<[string, string, unknown]> = [
      ['POST', `/api/admin/members/${target.id}/role`, { role: 'root', reason: 'Runs it' }],
      ['POST', `/api/admin/members/${target.id}/role`, { role: 'admin', reason: 'ab' }],
      ['POST', `/api/admin/members/${target.id}/role`, { role: 'admin', reason: 'x\u0000yz' }],
      ['POST', `/api/admin/members/${target.id}/role`, { role: 'admin' }],
      [
        'POST',
        `/api/admin/members/${target.id}/role`,
        { role: 'admin', reason: 'Runs it', extra: 1 },
      ],
      ['POST', `/api/admin/members/${target.id}/role`, { role: 'admin', reason: 'a'.repeat(201) }],
      ['POST', `/api/admin/members/not-a-uuid/role`, { role: 'admin', reason: 'Runs it' }],
      ['POST', `/api/admin/members/${randomUUID()}/role`, { role: 'admin', reason: 'Runs it' }],
      ['POST', `/api/admin/members/${target.id}/suspension`, { suspended: 'yes', reason: 'Xyz' }],
      ['POST', `/api/admin/members/${target.id}/suspension`, ['array']],
      ['POST', `/api/admin/lots/${randomUUID()}/cancel`, { reason: 'Counterfeit' }],
      ['POST', `/api/admin/lots/' or 1=1 --/cancel`, { reason: 'Counterfeit' }],
      ['GET', `/api/admin/members?q=${'a'.repeat(101)}`, undefined],
      ['GET', '/api/admin/members?q=%0a', undefined],
      ['GET', '/api/admin/members?cursor=', undefined],
      ['GET', '/api/admin/members?sort=evil', undefined],
      ['GET', '/api/admin/audit?cursor=1;drop', undefined],
      ['POST', `/api/admin/top-ups/${randomUUID()}/refresh`, undefined],
    ]
    for (const [method, url, payload] of cases) {
      const res = await admin.b.request({
        method: method as 'GET',
        url,
        ...(payload !== undefined ? { payload: payload as object } : {}),
      })
      expect(res.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(400)
      expect(res.statusCode, `${method} ${url}`).toBeLessThan(600)
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/)
    }
    const { rows } = await t.db.query(`select role, suspended_at from users where id = $1`, [
      target.id,
    ])
    expect(rows[0]).toEqual({ role: 'member', suspended_at: null })
    expect(await auditRows(target.id)).toEqual([])
  })
})
