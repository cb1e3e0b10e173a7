import { randomUUID } from 'node:crypto'
import type { Config } from '../../../server/config.ts'
import type { Queryable } from '../../../server/db/types.ts'
import {
  startFakeStripe,
  stripeSettings,
  type FakeCard,
  type FakeStripe,
} from '../../stripe/fake-stripe-api.ts'
import { member, RecordingBroadcaster, type Member } from '../auction-helpers.ts'
import { createTestApp, injectWebhook, testConfig, type TestApp } from '../helpers.ts'

/** A test app with Stripe at the stand-in, for withdrawals (decision 0053). */
export interface MoneyOutWorld {
  t: TestApp
  stripe: FakeStripe
  broadcaster: RecordingBroadcaster
  config: Config
  close(): Promise<void>
}

export async function moneyOutWorld(
  options: { env?: Record<string, string>; db?: TestApp['db'] } = {},
): Promise<MoneyOutWorld> {
  const stripe = await startFakeStripe('whsec_test_secret')
  const config = testConfig({ ...stripeSettings(stripe), PUSHER_PORT: '1', ...options.env })
  const broadcaster = new RecordingBroadcaster(config.pusher)
  const t = await createTestApp({
    config,
    broadcaster,
    ...(options.db ? { db: options.db } : {}),
  })
  return {
    t,
    stripe,
    broadcaster,
    config,
    async close() {
      await t.close()
      await stripe.close()
    },
  }
}

export const newMember = (w: MoneyOutWorld, role: 'member' | 'admin' = 'member') =>
  member(w.t.app, w.t.db, w.config, { role })

/** A card top-up paid and credited through the real path (start, Stripe succeeds, webhook). */
export async function paidTopUp(
  w: MoneyOutWorld,
  m: Member,
  amount: number,
  card?: FakeCard,
): Promise<{ topUpId: string; piId: string }> {
  const res = await m.b.request({
    method: 'POST',
    url: '/api/wallet/top-ups',
    headers: { 'idempotency-key': randomUUID() },
    payload: { amount },
  })
  if (res.statusCode !== 201) throw new Error(`top-up refused: ${res.body}`)
  const topUpId = res.json().topUp.id as string
  const pi = w.stripe.intentOfTopUp(topUpId)
  w.stripe.setStatus(pi.id, 'succeeded', undefined, card)
  const hook = await injectWebhook(w.t.app, w.stripe, 'payment_intent.succeeded', pi.id)
  if (hook.statusCode !== 200) throw new Error(`webhook refused: ${hook.body}`)
  return { topUpId, piId: pi.id }
}

/** Moves a top-up's payment `days` into the past (the refund window counts from it). */
export async function ageTopUp(db: Queryable, topUpId: string, days: number) {
  await db.query(
    `update top_ups set credited_at = now() - make_interval(days => $2),
                        updated_at = now() - make_interval(days => $2)
      where id = $1`,
    [topUpId, days],
  )
}

export function withdraw(m: Member, amount: unknown, key: string | null = randomUUID()) {
  return m.b.request({
    method: 'POST',
    url: '/api/wallet/withdrawals',
    headers: key === null ? {} : { 'idempotency-key': key },
    payload: { amount },
  })
}

export async function walletOf(m: Member) {
  return (await m.b.request({ method: 'GET', url: '/api/wallet' })).json() as {
    balance: number
    available: number
    held: number
  }
}

/** A signed Stripe event about one of the stand-in's refunds, delivered in process. */
export function deliverRefundEvent(w: MoneyOutWorld, type: string, refundId: string) {
  const refund = w.stripe.refunds.get(refundId)!
  const object = type.startsWith('charge.') ? w.stripe.chargeOf(refund.payment_intent) : refund
  const { body, headers } = w.stripe.signedObject(type, object)
  return w.t.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers, payload: body })
}

/** Every Stripe refund of a withdrawal ↔ exactly one ledger debit of its row and attempt. */
export async function expectRefundsMatchLedger(w: MoneyOutWorld) {
  const problems: string[] = []
  for (const refund of w.stripe.refunds.values()) {
    const rowId = refund.metadata.withdrawal_refund_id
    if (!rowId) continue
    const { rows } = await w.t.db.query<{ n: number; total: number }>(
      `select count(*)::int as n, coalesce(sum(amount), 0)::bigint as total from ledger_entries
        where once_key = $1 and account = 'available'`,
      [`refund:${rowId}:${refund.metadata.attempt ?? '1'}`],
    )
    if (rows[0]!.n !== 1 || Number(rows[0]!.total) !== -refund.amount)
      problems.push(`${refund.id}: ${rows[0]!.n} entries of ${rows[0]!.total}`)
  }
  return problems
}
