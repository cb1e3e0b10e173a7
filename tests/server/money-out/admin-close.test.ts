import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { appendLedgerEntry } from '../../../server/repositories/ledger.ts'
import type { Member } from '../auction-helpers.ts'
import { expectMoneyInvariants } from '../invariants/money.ts'
import {
  deliverRefundEvent,
  expectRefundsMatchLedger,
  moneyOutWorld,
  newMember,
  paidTopUp,
  type MoneyOutWorld,
} from './withdrawal-fixtures.ts'

/**
 * An admin closes an account that still holds money only by sending it out first (decision 0053):
 * a withdrawal back to the member's cards (and by payout), audited, then the close — never by
 * writing the money off.
 */
let w: MoneyOutWorld
let admin: Member

beforeAll(async () => {
  w = await moneyOutWorld()
  admin = await newMember(w, 'admin')
})
afterEach(async () => {
  w.stripe.refundsApi.refundsStartAs = 'succeeded'
  await expectMoneyInvariants(w.t.db)
  expect(await expectRefundsMatchLedger(w)).toEqual([])
})
afterAll(() => w.close())

function close(userId: string, body: object) {
  return admin.b.request({
    method: 'POST',
    url: `/api/admin/members/${userId}/close`,
    payload: body,
  })
}

async function closedAt(userId: string) {
  const { rows } = await w.t.db.query<{ deleted_at: Date | null }>(
    'select deleted_at from users where id = $1',
    [userId],
  )
  return rows[0]?.deleted_at ?? null
}

async function auditSteps(userId: string) {
  const { rows } = await w.t.db.query<{ details: { step?: string; amount?: number } }>(
    `select details from admin_audit where target_id = $1::text and action = 'member.close'
      order by id`,
    [userId],
  )
  return rows.map((r) => r.details.step ?? 'closed')
}

async function balanceOf(userId: string) {
  const { rows } = await w.t.db.query<{ total: number }>(
    `select coalesce(sum(amount), 0)::bigint as total from ledger_entries
      where user_id = $1 and account = 'available'`,
    [userId],
  )
  return Number(rows[0]!.total)
}

describe('an admin closing an account that holds money', () => {
  it('sends it back to the card, audits that, and closes with a balance of 0', async () => {
    const m = await newMember(w)
    const { piId } = await paidTopUp(w, m, 4_200)
    const res = await close(m.id, { reason: 'Asked by e-mail', sendMoneyOut: true })
    expect(res.statusCode).toBe(200)
    expect(await closedAt(m.id)).not.toBeNull()
    const refunds = [...w.stripe.refunds.values()].filter((r) => r.payment_intent === piId)
    expect(refunds.map((r) => r.amount)).toEqual([4_200])
    expect(await balanceOf(m.id)).toBe(0)
    expect(await auditSteps(m.id)).toEqual(['money-out', 'closed'])
  })

  it('is refused with the amount, and nothing moves, when part could go nowhere', async () => {
    const m = await newMember(w)
    await paidTopUp(w, m, 1_000)
    // An admin credit has no card to go back to, and the member has no payout account.
    await appendLedgerEntry(w.t.db, { userId: m.id, kind: 'adjustment', amount: 500 })
    const refundsBefore = w.stripe.refunds.size
    const res = await close(m.id, { reason: 'Asked by e-mail', sendMoneyOut: true })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ code: 'account_has_money', amount: 1_500 })
    expect(w.stripe.refunds.size).toBe(refundsBefore)
    expect(await closedAt(m.id)).toBeNull()
    expect(await balanceOf(m.id)).toBe(1_500)
    expect(await auditSteps(m.id)).toEqual([])
  })

  it('waits for a refund still on its way: money_in_transit, then closes once Stripe settles it', async () => {
    const m = await newMember(w)
    await paidTopUp(w, m, 2_500)
    w.stripe.refundsApi.refundsStartAs = 'pending'
    const first = await close(m.id, { reason: 'Asked by e-mail', sendMoneyOut: true })
    expect(first.statusCode).toBe(409)
    expect(first.json().code).toBe('money_in_transit')
    expect(await closedAt(m.id)).toBeNull()
    const refund = [...w.stripe.refunds.values()].find((r) => r.status === 'pending')!
    w.stripe.refundsApi.settleRefund(refund.id, 'succeeded')
    expect((await deliverRefundEvent(w, 'refund.updated', refund.id)).statusCode).toBe(200)
    // Asked again: nothing left to send, so no second withdrawal; the close goes through.
    const second = await close(m.id, { reason: 'Asked by e-mail', sendMoneyOut: true })
    expect(second.statusCode).toBe(200)
    expect(await auditSteps(m.id)).toEqual(['money-out', 'closed'])
    expect(await balanceOf(m.id)).toBe(0)
  })
})
