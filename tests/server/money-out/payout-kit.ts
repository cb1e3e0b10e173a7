import { randomUUID } from 'node:crypto'
import type { Config } from '../../../server/config.ts'
import type { Queryable } from '../../../server/db/types.ts'
import type { FakeStripe } from '../../stripe/fake-stripe-api.ts'
import { member, type Member } from '../auction-helpers.ts'
import type { TestApp } from '../helpers.ts'

/** Shared steps of the payout suites: a member with a ready payout account, and reads. */
export function payoutKit(ctx: () => { t: TestApp; stripe: FakeStripe; config: Config }) {
  async function connectedMember(credit = 0): Promise<Member & { accountId: string }> {
    const { t, stripe, config } = ctx()
    const m = await member(t.app, t.db, config, { credit })
    const res = await m.b.request({ method: 'POST', url: '/api/wallet/payout-account' })
    if (res.statusCode !== 200) throw new Error(`payout account: ${res.body}`)
    const accountId = [...stripe.connect.accounts.values()].find(
      (a) => a.metadata.user_id === m.id,
    )!.id
    return { ...m, accountId }
  }

  async function readyMember(credit = 0) {
    const m = await connectedMember(credit)
    ctx().stripe.connect.completeAccount(m.accountId)
    await m.b.request({ method: 'GET', url: '/api/wallet/payout-account?refresh=1' })
    return m
  }

  function payOut(m: Member, amount: unknown, key: string | null = randomUUID()) {
    return m.b.request({
      method: 'POST',
      url: '/api/wallet/payouts',
      headers: key === null ? {} : { 'idempotency-key': key },
      payload: { amount },
    })
  }

  function webhook(type: string, object: object) {
    const { t, stripe } = ctx()
    const { body, headers } = stripe.connect.signedEvent(type, object)
    return t.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers, payload: body })
  }

  return { connectedMember, readyMember, payOut, webhook }
}

/** Everything a refused request must leave as it was: the member's ledger and payouts. */
export async function moneyTrail(db: Queryable, userId: string) {
  const { rows: ledger } = await db.query(
    'select id, kind, amount from ledger_entries where user_id = $1 order by id',
    [userId],
  )
  const { rows: payouts } = await db.query('select id from payouts where user_id = $1', [userId])
  return { ledger, payouts }
}

export async function ledgerByKey(db: Queryable, onceKey: string) {
  const { rows } = await db.query<{ account: string; kind: string; amount: string }>(
    'select account, kind, amount from ledger_entries where once_key = $1 order by account',
    [onceKey],
  )
  return rows.map((r) => ({ account: r.account, kind: r.kind, amount: Number(r.amount) }))
}
