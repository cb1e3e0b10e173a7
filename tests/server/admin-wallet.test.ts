import { randomUUID } from 'node:crypto'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { bid, member, openLot, RecordingBroadcaster } from './auction-helpers.ts'
import { createTestApp, testConfig, type TestApp } from './helpers.ts'
import { expectMoneyInvariants } from './invariants/money.ts'
import { appendLedgerEntry } from '../../server/repositories/ledger.ts'

/**
 * Admin wallet adjustments and the wallet's own reads (ledger pages, holds), at the API. The
 * concurrent-repeat race is in idempotency.test.ts.
 */
let t: TestApp
const config = testConfig()

beforeAll(async () => {
  t = await createTestApp({ config, broadcaster: new RecordingBroadcaster(config.pusher) })
})
afterEach(() => expectMoneyInvariants(t.db))
afterAll(() => t.close())

const CAP = 1_000_000
const newMember = (credit = 0, role: 'member' | 'admin' = 'member') =>
  member(t.app, t.db, config, { credit, role })

function adjust(
  as: Awaited<ReturnType<typeof newMember>>,
  userId: string,
  amount: number,
  key: string | null = randomUUID(),
) {
  return as.b.request({
    method: 'POST',
    url: `/api/admin/wallets/${userId}/adjustments`,
    headers: key === null ? {} : { 'idempotency-key': key },
    payload: { amount, reason: 'Manual correction' },
  })
}

async function entries(userId: string) {
  const { rows } = await t.db.query<{ amount: number }>(
    'select amount from ledger_entries where user_id = $1 order by id',
    [userId],
  )
  return rows.map((r) => r.amount)
}

describe('admin wallet adjustments', () => {
  it('credit and debit with a reason: 201 with the new wallet, an adjustment entry, a live update', async () => {
    const admin = await newMember(0, 'admin')
    const target = await newMember(5_000)
    const res = await adjust(admin, target.id, -1_500)
    expect(res.statusCode).toBe(201)
    expect(res.json().wallet).toMatchObject({ balance: 3_500, available: 3_500 })
    expect(await entries(target.id)).toEqual([5_000, -1_500])
    const { rows } = await t.db.query<{ kind: string; reason: string; created_by: string }>(
      'select kind, reason, created_by from ledger_entries where user_id = $1 order by id desc limit 1',
      [target.id],
    )
    expect(rows[0]).toEqual({
      kind: 'adjustment',
      reason: 'Manual correction',
      created_by: admin.id,
    })
  })

  it('is audited under the member’s name, with the amount and the balance after', async () => {
    const admin = await newMember(0, 'admin')
    const target = await newMember(5_000)
    expect((await adjust(admin, target.id, 2_000)).statusCode).toBe(201)
    const audit = await admin.b.request({ method: 'GET', url: '/api/admin/audit' })
    const entry = audit.json().items.find((e: { targetId: string }) => e.targetId === target.id)
    const { rows } = await t.db.query<{ name: string }>('select name from users where id = $1', [
      target.id,
    ])
    expect(entry).toMatchObject({
      action: 'wallet.adjust',
      targetLabel: rows[0]!.name,
      reason: 'Manual correction',
      details: { amount: 2_000, balanceAfter: 7_000 },
    })
  })

  it('refuses members, guests and a missing key — nothing changes', async () => {
    const target = await newMember(1_000)
    const other = await newMember(0)
    const denied = await adjust(other, target.id, 500)
    expect(denied.statusCode).toBe(403)
    expect(denied.json().code).toBe('forbidden')
    const guest = await t.app.inject({
      method: 'POST',
      url: `/api/admin/wallets/${target.id}/adjustments`,
      headers: { 'x-requested-with': 'XMLHttpRequest', 'idempotency-key': randomUUID() },
      payload: { amount: 500, reason: 'Manual correction' },
    })
    expect(guest.statusCode).toBe(401)
    const admin = await newMember(0, 'admin')
    const noKey = await adjust(admin, target.id, 500, null)
    expect(noKey.statusCode).toBe(400)
    expect(noKey.json().code).toBe('idempotency_key_required')
    expect(await entries(target.id)).toEqual([1_000])
  })

  it('refuses a debit beyond the available balance (held money counts) and a credit past the cap', async () => {
    const admin = await newMember(0, 'admin')
    const target = await newMember(5_000)
    const seller = await newMember()
    await bid(target, await openLot(t.db, seller.id), { amount: 1_000, maxAmount: 3_000 })
    const debit = await adjust(admin, target.id, -2_001)
    expect(debit.statusCode).toBe(422)
    expect(debit.json().code).toBe('debit_below_zero')
    expect((await adjust(admin, target.id, -2_000)).statusCode).toBe(201)
    const over = await adjust(admin, target.id, CAP - 3_000 + 1)
    expect(over.statusCode).toBe(422)
    expect(over.json().code).toBe('balance_cap_exceeded')
    expect(await entries(target.id)).toEqual([5_000, -2_000])
    expect((await adjust(admin, target.id, CAP - 3_000)).statusCode).toBe(201)
    await expectMoneyInvariants(t.db, { expectHolds: true })
  })

  it('a repeat answers 201 with the stored wallet; a failed attempt does not use the key up', async () => {
    const admin = await newMember(0, 'admin')
    const target = await newMember(1_000)
    const key = randomUUID()
    const refused = await adjust(admin, target.id, -5_000, key)
    expect(refused.json().code).toBe('debit_below_zero')
    await appendLedgerEntry(t.db, {
      userId: target.id,
      kind: 'adjustment',
      amount: 9000,
      reason: 'x',
    })
    const first = await adjust(admin, target.id, -5_000, key)
    expect(first.statusCode).toBe(201)
    const repeat = await adjust(admin, target.id, -5_000, key)
    expect(repeat.statusCode).toBe(201)
    expect(repeat.headers['idempotent-replayed']).toBe('true')
    expect(repeat.json()).toEqual(first.json())
    expect(await entries(target.id)).toEqual([1_000, 9_000, -5_000])
  })
})

describe('wallet reads', () => {
  it('pages the ledger newest first with a cursor, each entry once', async () => {
    const admin = await newMember(0, 'admin')
    const m = await newMember()
    for (let i = 1; i <= 35; i++) {
      expect((await adjust(admin, m.id, i)).statusCode).toBe(201)
    }
    const first = (await m.b.request({ method: 'GET', url: '/api/wallet/ledger' })).json()
    expect(first.items).toHaveLength(30)
    expect(first.items[0]).toMatchObject({ kind: 'adjustment', amount: 35 })
    const second = (
      await m.b.request({ method: 'GET', url: `/api/wallet/ledger?cursor=${first.nextCursor}` })
    ).json()
    expect(second.nextCursor).toBeNull()
    const amounts = [...first.items, ...second.items].map((e: { amount: number }) => e.amount)
    expect(amounts).toEqual(Array.from({ length: 35 }, (_, i) => 35 - i))
    const bad = await m.b.request({ method: 'GET', url: '/api/wallet/ledger?cursor=abc' })
    expect(bad.statusCode).toBe(422)
  })

  it('lists my active holds by lot, and drops one when I am outbid', async () => {
    const seller = await newMember()
    const m = await newMember(50_000)
    const rival = await newMember(50_000)
    const lotA = await openLot(t.db, seller.id, { title: 'Clock' })
    const lotB = await openLot(t.db, seller.id, { title: 'Mirror' })
    await bid(m, lotA, { amount: 1_000, maxAmount: 4_000 })
    await bid(m, lotB, { amount: 1_000 })
    const holds = async () =>
      (await m.b.request({ method: 'GET', url: '/api/wallet/holds' })).json().items as Array<{
        lotId: string
        lotTitle: string
        amount: number
      }>
    expect((await holds()).map((h) => [h.lotTitle, h.amount]).sort()).toEqual([
      ['Clock', 4_000],
      ['Mirror', 1_000],
    ])
    await bid(rival, lotB, { amount: 1_500 })
    expect((await holds()).map((h) => h.lotId)).toEqual([lotA])
    expect((await m.b.request({ method: 'GET', url: '/api/wallet' })).json()).toMatchObject({
      balance: 50_000,
      held: 4_000,
      available: 46_000,
    })
    await expectMoneyInvariants(t.db, { expectHolds: true })
  })
})
