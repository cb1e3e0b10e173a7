import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../../server/db/types.ts'
import {
  activeHoldsOf,
  appendLedgerEntry,
  creditTopUp,
  moveMoneyOnce,
  ledgerPage,
} from '../../../server/repositories/ledger.ts'
import { createTestDatabase } from '../helpers.ts'
import { balanceOf, insertHold, insertLot, newMember, walletVersion } from './money-fixtures.ts'

/**
 * The ledger repository (server/repositories/ledger.ts) on one fresh database: entries as a member's
 * history shows them, a card top-up credited once whatever happens, and the holds a wallet lists.
 */
let db: Database
beforeAll(async () => {
  db = await createTestDatabase()
})
afterAll(() => db.close())

interface EntryRow {
  kind: string
  amount: number
  reason: string | null
  lot_id: string | null
  payment_intent_id: string | null
  created_by: string | null
}

async function entriesOf(userId: string): Promise<EntryRow[]> {
  const { rows } = await db.query<EntryRow>(
    `select kind, amount::int as amount, reason, lot_id, payment_intent_id, created_by
       from ledger_entries where user_id = $1 order by id`,
    [userId],
  )
  return rows
}

/** The `outside` counterparts matching `where` (decision 0053). */
async function outsideEntries(where: string, params: unknown[]) {
  const { rows } = await db.query(
    `select kind, amount::int, reason, lot_id, created_by from ledger_entries
      where account = 'outside' and user_id is null and ${where} order by id`,
    params,
  )
  return rows
}

describe('appendLedgerEntry', () => {
  it('records every field it is given, and moves the balance and the wallet version', async () => {
    const seller = await newMember(db)
    const admin = await newMember(db)
    const member = await newMember(db)
    const lotId = await insertLot(db, seller)
    const version = await walletVersion(db, member)
    await appendLedgerEntry(db, {
      userId: member,
      kind: 'refund',
      amount: 1_250,
      reason: 'Returned',
      lotId,
      paymentIntentId: 'pi_append',
      createdBy: admin,
    })
    expect(await entriesOf(member)).toEqual([
      {
        kind: 'refund',
        amount: 1_250,
        reason: 'Returned',
        lot_id: lotId,
        payment_intent_id: 'pi_append',
        created_by: admin,
      },
    ])
    expect(await balanceOf(db, member)).toBe(1_250)
    expect(await walletVersion(db, member)).toBe(version + 1)
    // Its counterpart: the money came from outside Lotline (decision 0053).
    expect(await outsideEntries('lot_id = $1', [lotId])).toEqual([
      { kind: 'refund', amount: -1_250, reason: 'Returned', lot_id: lotId, created_by: admin },
    ])
  })

  it('stores what it is not given as empty', async () => {
    const member = await newMember(db)
    await appendLedgerEntry(db, { userId: member, kind: 'adjustment', amount: -300 })
    expect(await entriesOf(member)).toEqual([
      {
        kind: 'adjustment',
        amount: -300,
        reason: null,
        lot_id: null,
        payment_intent_id: null,
        created_by: null,
      },
    ])
  })
})

describe('creditTopUp', () => {
  it('credits a PaymentIntent once: a second credit is refused and changes nothing', async () => {
    const member = await newMember(db)
    const credit = { userId: member, amount: 2_000, paymentIntentId: 'pi_once', topUpId: 'tu-1' }
    expect(await creditTopUp(db, credit)).toBe(true)
    expect(await creditTopUp(db, credit)).toBe(false)
    expect(await entriesOf(member)).toEqual([
      {
        kind: 'top_up',
        amount: 2_000,
        reason: 'Card top-up tu-1',
        lot_id: null,
        payment_intent_id: 'pi_once',
        created_by: null,
      },
    ])
    expect(await balanceOf(db, member)).toBe(2_000)
    // One counterpart, however often it is credited.
    expect(await outsideEntries('reason = $1', ['Card top-up tu-1'])).toEqual([
      {
        kind: 'top_up',
        amount: -2_000,
        reason: 'Card top-up tu-1',
        lot_id: null,
        created_by: null,
      },
    ])
  })
})

describe('moveMoneyOnce', () => {
  it('writes a movement and its outside counterpart once per key, and says whether it did', async () => {
    const member = await newMember(db, 5_000)
    const version = await walletVersion(db, member)
    const payout = { userId: member, kind: 'payout' as const, onceKey: 'payout:p1:1' }
    expect(await moveMoneyOnce(db, { ...payout, amount: -3_000, reason: 'Payout p1' })).toBe(true)
    expect(await moveMoneyOnce(db, { ...payout, amount: -3_000, reason: 'Payout p1' })).toBe(false)
    // The key names the movement: another amount under it changes nothing either.
    expect(await moveMoneyOnce(db, { ...payout, amount: -1, reason: 'Payout p1' })).toBe(false)
    expect(await balanceOf(db, member)).toBe(2_000)
    expect(await walletVersion(db, member)).toBe(version + 1)
    const { rows } = await db.query(
      `select user_id, account, kind, amount::int, reason from ledger_entries
        where once_key = 'payout:p1:1' order by account`,
    )
    expect(rows).toEqual([
      {
        user_id: member,
        account: 'available',
        kind: 'payout',
        amount: -3_000,
        reason: 'Payout p1',
      },
      { user_id: null, account: 'outside', kind: 'payout', amount: 3_000, reason: 'Payout p1' },
    ])
  })

  it('keeps movements under different keys apart', async () => {
    const member = await newMember(db)
    const back = { userId: member, kind: 'return' as const, amount: 700, reason: 'Back' }
    expect(await moveMoneyOnce(db, { ...back, onceKey: 'refund-return:r1:1' })).toBe(true)
    expect(await moveMoneyOnce(db, { ...back, onceKey: 'refund-return:r1:2' })).toBe(true)
    expect(await balanceOf(db, member)).toBe(1_400)
  })
})

describe('ledgerPage', () => {
  it('pages the entries newest first, with the lot they concern', async () => {
    const member = await newMember(db)
    const seller = await newMember(db)
    const lotId = await insertLot(db, seller, { title: 'Brass lamp' })
    for (const amount of [100, 200, 300]) {
      await appendLedgerEntry(db, {
        userId: member,
        kind: 'adjustment',
        amount,
        reason: `r${amount}`,
      })
    }
    await appendLedgerEntry(db, { userId: member, kind: 'purchase', amount: -50, lotId })
    const first = await ledgerPage(db, member, undefined, 2)
    expect(first.items.map((e) => e.amount)).toEqual([-50, 300])
    expect(first.items[0]).toMatchObject({
      kind: 'purchase',
      lotId,
      lotTitle: 'Brass lamp',
      reason: null,
    })
    expect(first.items[1]).toMatchObject({
      kind: 'adjustment',
      lotId: null,
      lotTitle: null,
      reason: 'r300',
    })
    expect(first.items[0]!.createdAt).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/)
    expect(first.nextCursor).toBe(String(first.items[1]!.id))
    const second = await ledgerPage(db, member, Number(first.nextCursor), 2)
    expect(second.items.map((e) => e.amount)).toEqual([200, 100])
    expect(second.nextCursor).toBeNull()
    expect(second.items[0]!.id).toBeLessThan(first.items[1]!.id)
  })

  it('shows a member only their own entries, 30 to a page by default', async () => {
    const member = await newMember(db)
    const other = await newMember(db, 999)
    for (let n = 1; n <= 31; n++) {
      await appendLedgerEntry(db, { userId: member, kind: 'adjustment', amount: n })
    }
    const page = await ledgerPage(db, member, undefined)
    expect(page.items).toHaveLength(30)
    expect(page.items.map((e) => e.amount)).not.toContain(999)
    expect(page.nextCursor).not.toBeNull()
    expect((await ledgerPage(db, other, undefined)).items.map((e) => e.amount)).toEqual([999])
  })
})

describe('activeHoldsOf', () => {
  it("lists a member's active holds, soonest-ending lot first", async () => {
    const seller = await newMember(db)
    const member = await newMember(db, 50_000)
    const later = await insertLot(db, seller, { title: 'Later', endsInSeconds: 7_200 })
    const sooner = await insertLot(db, seller, { title: 'Sooner', endsInSeconds: 600 })
    const released = await insertLot(db, seller, { title: 'Released', endsInSeconds: 60 })
    await insertHold(db, member, later, 3_000)
    await insertHold(db, member, sooner, 1_000)
    await insertHold(db, member, released, 500)
    await db.query(`update holds set status = 'released' where lot_id = $1`, [released])
    await insertHold(db, seller, sooner, 700)
    const holds = await activeHoldsOf(db, member)
    expect(holds.map(({ lotId, lotTitle, amount }) => ({ lotId, lotTitle, amount }))).toEqual([
      { lotId: sooner, lotTitle: 'Sooner', amount: 1_000 },
      { lotId: later, lotTitle: 'Later', amount: 3_000 },
    ])
    const { rows } = await db.query<{ ends_at: Date }>('select ends_at from lots where id = $1', [
      sooner,
    ])
    expect(holds[0]!.lotEndsAt).toBe(rows[0]!.ends_at.toISOString())
  })
})
