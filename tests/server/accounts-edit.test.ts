import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { randomUUID } from 'node:crypto'
import { browser, createTestApp, signUp, testConfig, type TestApp } from './helpers.ts'
import {
  bid,
  expectMoneyInvariants,
  member,
  openLot,
  RecordingBroadcaster,
} from './auction-helpers.ts'
import { appendLedgerEntry } from '../../server/repositories/ledger.ts'

/**
 * The seller's lot edit and the member's own account (decision 0025): profile, password, delete.
 * Each test ends with the shared money invariants: deleting keeps the ledger whole.
 */
let t: TestApp
const config = testConfig({ SIGNIN_LIMIT_PER_ACCOUNT: '5/1m' })
const broadcaster = new RecordingBroadcaster(config.pusher)

beforeAll(async () => {
  t = await createTestApp({ config, broadcaster })
})
afterEach(() => expectMoneyInvariants(t.db))
afterAll(() => t.close())
beforeEach(() => broadcaster.clear())

const PASSWORD = 'correct horse battery'

/** A member registered through the API (a real password), with a second signed-in device. */
async function registered(name = 'Ana Seller') {
  const account = { name, password: PASSWORD, emailPrefix: 'acct' }
  const { b: first, res, email } = await signUp(t.app, account)
  expect(res.statusCode).toBe(201)
  const second = browser(t.app)
  const login = await second.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: PASSWORD },
  })
  expect(login.statusCode).toBe(200)
  const user = res.json().user as { id: string; alias: string }
  return { ...user, email, first, second }
}

const me = (b: ReturnType<typeof browser>) => b.request({ method: 'GET', url: '/api/me' })

describe('PATCH /api/me: display name and alias', () => {
  it('changes both, trimmed and normalized, and the lots show the name as the seller', async () => {
    const a = await registered()
    const lotId = await openLot(t.db, a.id)
    const res = await a.first.request({
      method: 'PATCH',
      url: '/api/me',
      payload: { name: '  Ana’s Attic ', alias: ' Ana-Attic ' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().user).toMatchObject({ name: 'Ana’s Attic', alias: 'Ana-Attic' })
    const lot = (await a.second.request({ method: 'GET', url: `/api/lots/${lotId}` })).json()
    expect(lot.seller).toBe('Ana’s Attic')
    expect(lot.my.seller).toEqual({ nextSteps: '' })
  })

  it('refuses an alias another member has, in any case, with 409 alias_taken', async () => {
    const a = await registered()
    const b = await registered()
    for (const alias of [b.alias, b.alias.toLowerCase()]) {
      const res = await a.first.request({ method: 'PATCH', url: '/api/me', payload: { alias } })
      expect(res.statusCode).toBe(409)
      expect(res.json()).toMatchObject({
        code: 'alias_taken',
        errors: { alias: expect.any(String) },
      })
    }
    expect((await me(a.first)).json().user.alias).toBe(a.alias)
  })

  it('keeps its own alias in another case (no conflict with itself)', async () => {
    const a = await registered()
    const res = await a.first.request({
      method: 'PATCH',
      url: '/api/me',
      payload: { alias: a.alias.toLowerCase() },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().user.alias).toBe(a.alias.toLowerCase())
  })

  it.each([
    [{ alias: 'ab' }],
    [{ alias: 'a'.repeat(40) }],
    [{ alias: 'two  spaces' }],
    [{ alias: 'evil\u202egnp' }],
    [{ alias: '<script>' }],
    [{ name: '' }],
    [{ name: '\u200b\u200b' }],
    [{ name: 'line\nbreak' }],
    [{ name: 'x'.repeat(81) }],
    [{}],
    [{ role: 'admin' }],
    [{ email: 'x@y.z' }],
    [{ alias: 42 }],
  ])('refuses %j with 422 and changes nothing', async (payload) => {
    const a = await registered()
    const res = await a.first.request({ method: 'PATCH', url: '/api/me', payload })
    expect(res.statusCode).toBe(422)
    expect((await me(a.first)).json().user).toMatchObject({
      name: 'Ana Seller',
      alias: a.alias,
      role: 'member',
    })
  })

  it('needs a session and the async header', async () => {
    const anonymous = await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { 'x-requested-with': 'XMLHttpRequest' },
      payload: { name: 'X' },
    })
    expect(anonymous.statusCode).toBe(401)
    const a = await registered()
    const noHeader = await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { cookie: a.first.cookie! },
      payload: { name: 'X' },
    })
    expect(noHeader.statusCode).toBe(403)
  })
})

describe('POST /api/me/password', () => {
  it('needs the current password: 403 wrong_password, nothing changes', async () => {
    const a = await registered()
    const res = await a.first.request({
      method: 'POST',
      url: '/api/me/password',
      payload: { currentPassword: 'not the password', newPassword: 'a brand new secret' },
    })
    expect(res.statusCode).toBe(403)
    expect(res.json()).toMatchObject({
      code: 'wrong_password',
      errors: { currentPassword: expect.any(String) },
    })
    expect((await me(a.second)).statusCode).toBe(200)
  })

  it('refuses a too-short new password with 422', async () => {
    const a = await registered()
    const res = await a.first.request({
      method: 'POST',
      url: '/api/me/password',
      payload: { currentPassword: PASSWORD, newPassword: 'short' },
    })
    expect(res.statusCode).toBe(422)
  })

  it('signs every other session out and keeps this one; the new password signs in', async () => {
    const a = await registered()
    const res = await a.first.request({
      method: 'POST',
      url: '/api/me/password',
      payload: { currentPassword: PASSWORD, newPassword: 'a brand new secret' },
    })
    expect(res.statusCode).toBe(204)
    expect((await me(a.first)).statusCode).toBe(200)
    expect((await me(a.second)).statusCode).toBe(401)
    const old = await browser(t.app).request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: a.email, password: PASSWORD },
    })
    expect(old.statusCode).toBe(401)
    const fresh = await browser(t.app).request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: a.email, password: 'a brand new secret' },
    })
    expect(fresh.statusCode).toBe(200)
  })

  it('counts wrong guesses against the sign-in limit of the account (429 rate_limited)', async () => {
    const a = await registered()
    const codes: number[] = []
    for (let i = 0; i < 6; i++) {
      const res = await a.first.request({
        method: 'POST',
        url: '/api/me/password',
        payload: { currentPassword: `guess ${i}`, newPassword: 'a brand new secret' },
      })
      codes.push(res.statusCode)
    }
    expect(codes.slice(0, 5)).toEqual([403, 403, 403, 403, 403])
    expect(codes[5]).toBe(429)
  })
})

describe('DELETE /api/me', () => {
  const remove = (b: ReturnType<typeof browser>, password = PASSWORD) =>
    b.request({ method: 'DELETE', url: '/api/me', payload: { password } })

  it('needs the current password', async () => {
    const a = await registered()
    const res = await remove(a.first, 'wrong password here')
    expect(res.statusCode).toBe(403)
    expect(res.json().code).toBe('wrong_password')
    expect((await me(a.first)).statusCode).toBe(200)
  })

  it('is refused while the member leads a lot (money held), saying why', async () => {
    const a = await registered()
    await appendLedgerEntry(t.db, {
      userId: a.id,
      kind: 'adjustment',
      amount: 50000,
      reason: 'test',
    })
    const seller = await member(t.app, t.db, config)
    const lotId = await openLot(t.db, seller.id)
    const bidder = { id: a.id, alias: a.alias, name: 'Member', b: a.first }
    expect((await bid(bidder, lotId, { amount: 1_000 })).statusCode).toBe(201)
    const res = await remove(a.first)
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({
      code: 'account_has_holds',
      errors: { holds: expect.any(String) },
    })
    expect((await me(a.second)).statusCode).toBe(200)
  })

  it('is refused while the member has a lot scheduled or open, saying both reasons', async () => {
    const a = await registered()
    await openLot(t.db, a.id)
    const res = await remove(a.first)
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({
      code: 'account_has_lots',
      errors: { lots: expect.any(String) },
    })
    expect(res.json().errors.holds).toBeUndefined()
  })

  it('removes the personal data, ends every session and keeps the ledger', async () => {
    const a = await registered('Private Person')
    // Money that came and went: an account still holding money cannot close (decision 0053,
    // tests/server/money-out/closing.test.ts), but its history stays.
    for (const amount of [12345, -12345])
      await appendLedgerEntry(t.db, { userId: a.id, kind: 'adjustment', amount, reason: 'test' })
    const before = await t.db.query(
      'select id, amount, kind from ledger_entries where user_id = $1',
      [a.id],
    )
    const res = await remove(a.first)
    expect(res.statusCode).toBe(204)
    expect((await me(a.first)).statusCode).toBe(401)
    expect((await me(a.second)).statusCode).toBe(401)
    const login = await browser(t.app).request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: a.email, password: PASSWORD },
    })
    expect(login.statusCode).toBe(401)
    const { rows } = await t.db.query<{
      name: string
      email: string
      alias: string
      deleted_at: Date | null
    }>('select name, email, alias, deleted_at from users where id = $1', [a.id])
    expect(rows[0]!.name).toBe('Deleted member')
    expect(rows[0]!.email).not.toContain(a.email.split('@')[0]!)
    expect(rows[0]!.alias).not.toBe(a.alias)
    expect(rows[0]!.deleted_at).not.toBeNull()
    const sessions = await t.db.query('select 1 from sessions where user_id = $1', [a.id])
    expect(sessions.rows).toHaveLength(0)
    const after = await t.db.query(
      'select id, amount, kind from ledger_entries where user_id = $1',
      [a.id],
    )
    expect(after.rows).toEqual(before.rows)
    // The e-mail address is free again for a new account.
    const again = await browser(t.app).request({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'New', email: a.email, password: PASSWORD },
    })
    expect(again.statusCode).toBe(201)
  })

  it('cannot be blocked by someone who took the name and address a deleted account gets', async () => {
    // A member's id is public (a lot names its seller), so the anonymised name and address must
    // be ones nobody can sign up with or choose; they used to be, and the delete failed with 500.
    const a = await registered('Soon Gone')
    const hex = a.id.replace(/-/g, '').slice(0, 12).toUpperCase()
    const squatter = await registered('Squatter')
    for (const alias of [`Deleted ${hex}`, `Deleted #${hex}`, `Deleted-${hex}`]) {
      const taken = await squatter.first.request({
        method: 'PATCH',
        url: '/api/me',
        payload: { alias },
      })
      expect([200, 422]).toContain(taken.statusCode)
    }
    for (const email of [`deleted-${a.id}@deleted.invalid`, `deleted-${a.id}@example.test`]) {
      const signUp = await browser(t.app).request({
        method: 'POST',
        url: '/api/auth/register',
        payload: { name: 'Squatter', email, password: PASSWORD },
      })
      expect([201, 400, 422]).toContain(signUp.statusCode)
    }
    expect((await remove(a.first)).statusCode).toBe(204)
    const { rows } = await t.db.query<{ email: string; alias: string }>(
      'select email, alias from users where id = $1',
      [a.id],
    )
    expect(rows[0]!.alias).toMatch(/^Deleted /)
    expect(rows[0]!.email).not.toContain('@')
  })
})

describe('PATCH /api/lots/:id: the seller edits before the first bid', () => {
  const edit = (b: ReturnType<typeof browser>, lotId: string, payload: unknown) =>
    b.request({ method: 'PATCH', url: `/api/lots/${lotId}`, payload: payload as object })

  it('changes title, description and next steps, bumps the version and tells the rooms', async () => {
    const seller = await member(t.app, t.db, config)
    const lotId = await openLot(t.db, seller.id)
    const before = (await seller.b.request({ method: 'GET', url: `/api/lots/${lotId}` })).json()
    const res = await edit(seller.b, lotId, {
      title: '  Oak chair ',
      description: 'Solid oak.',
      nextSteps: 'Pickup in Leeds.',
    })
    expect(res.statusCode).toBe(200)
    const lot = res.json()
    expect(lot).toMatchObject({
      title: 'Oak chair',
      description: 'Solid oak.',
      version: before.version + 1,
    })
    expect(lot.my.seller).toEqual({ nextSteps: 'Pickup in Leeds.' })
    expect(
      broadcaster
        .named('lot.updated')
        .map((e) => e.channel)
        .sort(),
    ).toEqual([`lot.${lotId}`, 'lots'])
    expect(broadcaster.named('lot.edited')).toHaveLength(1)
  })

  it('replaces the delivery, and keeps the text when only the delivery is sent', async () => {
    const seller = await member(t.app, t.db, config)
    const lotId = await openLot(t.db, seller.id, { title: 'Oak chair' })
    const shipped = await edit(seller.b, lotId, { delivery: { shipping: { cost: 0 } } })
    expect(shipped.json()).toMatchObject({
      title: 'Oak chair',
      delivery: { shipping: { cost: 0 }, pickup: null },
    })
    const both = await edit(seller.b, lotId, {
      delivery: { shipping: { cost: 900 }, pickup: { town: ' Leeds ' } },
    })
    expect(both.json().delivery).toEqual({ shipping: { cost: 900 }, pickup: { town: 'Leeds' } })
    const none = await edit(seller.b, lotId, { delivery: {} })
    expect([none.statusCode, none.json().errors]).toEqual([
      422,
      { delivery: 'Offer shipping, a pickup, or both.' },
    ])
    const { rows } = await t.db.query('select shipping_cost, pickup_town from lots where id = $1', [
      lotId,
    ])
    expect(rows).toEqual([{ shipping_cost: 900, pickup_town: 'Leeds' }])
  })

  it('refuses anyone but the seller (403, admins too) and an unknown lot (404)', async () => {
    const seller = await member(t.app, t.db, config)
    const other = await member(t.app, t.db, config)
    const admin = await member(t.app, t.db, config, { role: 'admin' })
    const lotId = await openLot(t.db, seller.id)
    expect((await edit(other.b, lotId, { title: 'Mine now' })).statusCode).toBe(403)
    expect((await edit(admin.b, lotId, { title: 'Mine now' })).statusCode).toBe(403)
    expect((await edit(other.b, randomUUID(), { title: 'Mine now' })).statusCode).toBe(404)
    expect((await edit(other.b, 'not-a-uuid', { title: 'Mine now' })).statusCode).toBe(404)
    const anonymous = browser(t.app)
    expect((await edit(anonymous, lotId, { title: 'Mine now' })).statusCode).toBe(401)
    const { rows } = await t.db.query<{ title: string }>('select title from lots where id = $1', [
      lotId,
    ])
    expect(rows[0]!.title).toBe('Test lot')
  })

  it('refuses after the first bid with 409 lot_not_editable', async () => {
    const seller = await member(t.app, t.db, config)
    const bidder = await member(t.app, t.db, config, { credit: 10_000 })
    const lotId = await openLot(t.db, seller.id)
    expect((await bid(bidder, lotId, { amount: 1_000 })).statusCode).toBe(201)
    const res = await edit(seller.b, lotId, { title: 'Changed after a bid' })
    expect(res.statusCode).toBe(409)
    expect(res.json().code).toBe('lot_not_editable')
    const lot = (await seller.b.request({ method: 'GET', url: `/api/lots/${lotId}` })).json()
    expect(lot.title).toBe('Test lot')
  })

  it('refuses a lot that is over (cancelled) with 409 lot_not_editable', async () => {
    const seller = await member(t.app, t.db, config)
    const lotId = await openLot(t.db, seller.id)
    await t.db.query(`update lots set status = 'cancelled' where id = $1`, [lotId])
    const res = await edit(seller.b, lotId, { title: 'Too late' })
    expect(res.statusCode).toBe(409)
    expect(res.json().code).toBe('lot_not_editable')
  })

  it.each([
    [{}],
    [{ title: 'ab' }],
    [{ title: '\u200b\u200b\u200b' }],
    [{ title: 'one\ntwo' }],
    [{ title: 'x'.repeat(121) }],
    [{ description: 'x'.repeat(5_001) }],
    [{ nextSteps: 'x'.repeat(501) }],
    [{ title: 'Fine title', startingPrice: 1 }],
    [{ title: 'Fine title', status: 'settled' }],
    [{ title: null }],
    [{ description: { $gt: '' } }],
  ])('refuses %j with 422 and changes nothing', async (payload) => {
    const seller = await member(t.app, t.db, config)
    const lotId = await openLot(t.db, seller.id)
    const res = await edit(seller.b, lotId, payload)
    expect(res.statusCode).toBe(422)
    const { rows } = await t.db.query<{ title: string; version: number; status: string }>(
      'select title, version, status from lots where id = $1',
      [lotId],
    )
    expect(rows[0]).toMatchObject({ title: 'Test lot', version: 1, status: 'open' })
  })
})
