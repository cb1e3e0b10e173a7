import type Stripe from 'stripe'
import { isUuid } from '../../common/wire.ts'
import type { Queryable } from '../db/types.ts'
import type { PaymentsDeps } from '../commands/wallet/top-ups/payments.ts'
import {
  sendWithdrawalRefund,
  settleRefundFromStripe,
} from '../commands/wallet/withdrawals/send-refund.ts'
import { dueWithdrawalRefunds, findWithdrawalRefund } from '../repositories/withdrawals.ts'

/** A pending refund untouched this long is sent again (same key) or read again from Stripe. */
export const RESEND_AFTER_SECONDS = 120
/** How far back each comparison with Stripe looks. */
export const RECONCILE_WINDOW_HOURS = 72
export const RESEND_EVERY_MS = 60_000
/** The comparison runs every this many resend passes (every 10 minutes). */
export const COMPARE_EVERY_PASSES = 10

/** One thing Stripe and the ledger disagree on (reconciliation_reports.differences). */
export interface Difference {
  kind: string
  stripeId: string | null
  ourId: string | null
  expected: number | string | null
  found: number | string | null
}

export interface ReconciliationReport {
  id: number
  ranAt: string
  checked: number
  differences: Difference[]
}

/**
 * Withdrawal refunds stuck pending (decision 0053): one never answered (a crash between Stripe's
 * answer and our write, a network error) is sent again with the same idempotency key, so Stripe
 * hands back the refund it made and it is recorded once; one answered `pending` is read again.
 * Returns how many were looked at.
 */
export async function resendPendingRefunds(
  deps: PaymentsDeps,
  olderThanSeconds = RESEND_AFTER_SECONDS,
): Promise<number> {
  if (!deps.stripe) return 0
  const due = await dueWithdrawalRefunds(deps.db, olderThanSeconds)
  for (const row of due) {
    try {
      if (!row.refundId) await sendWithdrawalRefund(deps, row.id)
      else await settleRefundFromStripe(deps, await deps.stripe.refunds.retrieve(row.refundId))
    } catch (error) {
      deps.log?.warn({ err: error, refundRowId: row.id }, 'withdrawal refund retry failed')
    }
  }
  return due.length
}

/**
 * Compares what Stripe holds for the recent window with the ledger and writes a report: each
 * succeeded top-up PaymentIntent ↔ exactly one `top_up` entry of its amount; each withdrawal
 * refund ↔ its row (amount, status; a failed one credited back); each transfer ↔ its payout
 * (amount; what was reversed credited back). Read through the SDK's auto-pagination.
 */
export async function reconcileMoney(
  deps: PaymentsDeps,
  windowHours = RECONCILE_WINDOW_HOURS,
): Promise<ReconciliationReport | null> {
  const stripe = deps.stripe
  if (!stripe) return null
  const created = { gte: Math.floor(Date.now() / 1000) - windowHours * 3600 }
  const differences: Difference[] = []
  let checked = 0
  for await (const pi of stripe.paymentIntents.list({ created, limit: 100 })) {
    if (pi.status !== 'succeeded' || !isUuid(pi.metadata?.top_up_id)) continue
    checked++
    differences.push(...(await checkTopUp(deps.db, pi)))
  }
  const seen = new Set<string>()
  for await (const refund of stripe.refunds.list({ created, limit: 100 })) {
    if (!isUuid(refund.metadata?.withdrawal_refund_id)) continue
    checked++
    seen.add(refund.id)
    differences.push(...(await checkRefund(deps.db, refund)))
  }
  for await (const transfer of stripe.transfers.list({ created, limit: 100 })) {
    if (!isUuid(transfer.metadata?.payout_id)) continue
    checked++
    seen.add(transfer.id)
    differences.push(...(await checkTransfer(deps.db, transfer)))
  }
  differences.push(...(await unknownToStripe(deps.db, created.gte, seen)))
  const { rows } = await deps.db.query<{ id: number; ran_at: Date }>(
    `insert into reconciliation_reports (checked, differences) values ($1, $2::jsonb)
     returning id, ran_at`,
    [checked, JSON.stringify(differences)],
  )
  if (differences.length > 0)
    deps.log?.error({ differences }, 'reconciliation found differences with Stripe')
  return { id: Number(rows[0]!.id), ranAt: rows[0]!.ran_at.toISOString(), checked, differences }
}

async function sumOf(db: Queryable, sql: string, params: unknown[]): Promise<number> {
  const { rows } = await db.query<{ total: number }>(sql, params)
  return Number(rows[0]?.total ?? 0)
}

async function checkTopUp(db: Queryable, pi: Stripe.PaymentIntent): Promise<Difference[]> {
  const topUpId = pi.metadata.top_up_id!
  const { rows } = await db.query<{ status: string }>(`select status from top_ups where id = $1`, [
    topUpId,
  ])
  // An over-cap payment is refunded, never credited (decision 0017).
  const expected = rows[0]?.status === 'refunded' ? 0 : pi.amount_received
  const found = await sumOf(
    db,
    `select coalesce(sum(amount), 0)::bigint as total from ledger_entries
      where payment_intent_id = $1 and kind = 'top_up' and account = 'available'`,
    [pi.id],
  )
  return found === expected
    ? []
    : [{ kind: 'top_up_credit', stripeId: pi.id, ourId: topUpId, expected, found }]
}

async function checkRefund(db: Queryable, refund: Stripe.Refund): Promise<Difference[]> {
  const rowId = refund.metadata!.withdrawal_refund_id!
  const row = await findWithdrawalRefund(db, rowId)
  const base = { stripeId: refund.id, ourId: rowId }
  if (!row) return [{ kind: 'refund_unknown', ...base, expected: null, found: refund.amount }]
  // A refund of an earlier attempt: that attempt failed and was credited back, or is a difference.
  const attempt = Number(refund.metadata?.attempt ?? '1')
  const current = attempt === row.attempt
  const differences: Difference[] = []
  if (refund.amount !== row.amount)
    differences.push({ kind: 'refund_amount', ...base, expected: refund.amount, found: row.amount })
  if (current && row.refundId !== refund.id)
    differences.push({
      kind: 'refund_unrecorded',
      ...base,
      expected: refund.id,
      found: row.refundId,
    })
  if (current && row.refundId === refund.id && refund.status !== row.status)
    differences.push({ kind: 'refund_status', ...base, expected: refund.status, found: row.status })
  const failed = refund.status === 'failed' || refund.status === 'canceled'
  const returned = await sumOf(
    db,
    `select coalesce(sum(amount), 0)::bigint as total from ledger_entries
      where once_key = $1 and account = 'available'`,
    [`refund-return:${row.id}:${attempt}`],
  )
  const owed = failed ? row.amount : 0
  if (returned !== owed)
    differences.push({ kind: 'refund_return', ...base, expected: owed, found: returned })
  return differences
}

async function checkTransfer(db: Queryable, transfer: Stripe.Transfer): Promise<Difference[]> {
  const payoutId = transfer.metadata!.payout_id!
  const base = { stripeId: transfer.id, ourId: payoutId }
  const { rows } = await db.query<{ amount: number }>(`select amount from payouts where id = $1`, [
    payoutId,
  ])
  if (!rows[0])
    return [{ kind: 'transfer_unknown', ...base, expected: null, found: transfer.amount }]
  const differences: Difference[] = []
  if (Number(rows[0].amount) !== transfer.amount) {
    differences.push({
      kind: 'transfer_amount',
      ...base,
      expected: transfer.amount,
      found: Number(rows[0].amount),
    })
  }
  const returned = await sumOf(
    db,
    `select coalesce(sum(amount), 0)::bigint as total from ledger_entries
      where once_key like $1 and account = 'available'`,
    [`payout-return:${payoutId}:%`],
  )
  if (transfer.amount_reversed > 0 && returned < transfer.amount_reversed) {
    differences.push({
      kind: 'transfer_reversal',
      ...base,
      expected: transfer.amount_reversed,
      found: returned,
    })
  }
  return differences
}

/**
 * The other way round: refunds and transfers our rows name (made well inside the window, so
 * Stripe's list has them) that Stripe did not list.
 */
async function unknownToStripe(
  db: Queryable,
  sinceSeconds: number,
  seen: Set<string>,
): Promise<Difference[]> {
  const { rows } = await db.query<{ id: string; stripe_id: string; amount: number; kind: string }>(
    `select id, refund_id as stripe_id, amount, 'refund_missing' as kind from withdrawal_refunds
      where refund_id is not null and created_at > to_timestamp($1 + 3600)
     union all
     select id, transfer_id, amount, 'transfer_missing' from payouts
      where transfer_id is not null and created_at > to_timestamp($1 + 3600)`,
    [sinceSeconds],
  )
  return rows
    .filter((r) => !seen.has(r.stripe_id))
    .map((r) => ({
      kind: r.kind,
      stripeId: r.stripe_id,
      ourId: r.id,
      expected: Number(r.amount),
      found: null,
    }))
}

/** The latest report, for the admin page and /metrics; null before the first run. */
export async function latestReport(db: Queryable): Promise<ReconciliationReport | null> {
  const { rows } = await db.query<{
    id: number
    ran_at: Date
    checked: number
    differences: Difference[]
  }>(`select * from reconciliation_reports order by id desc limit 1`)
  const row = rows[0]
  if (!row) return null
  return {
    id: Number(row.id),
    ranAt: row.ran_at.toISOString(),
    checked: row.checked,
    differences: row.differences,
  }
}

/** Started next to the top-up reconciler (server/main.ts): resends, then compares. */
export function startMoneyReconciler(deps: PaymentsDeps, everyMs = RESEND_EVERY_MS) {
  let running = false
  let passes = 0
  const run = async () => {
    await resendPendingRefunds(deps)
    if (passes++ % COMPARE_EVERY_PASSES === 0) await reconcileMoney(deps)
  }
  const timer = setInterval(() => {
    if (running) return
    running = true
    run()
      .catch((error: unknown) => deps.log?.warn({ err: error }, 'money reconciler failed'))
      .finally(() => (running = false))
  }, everyMs)
  timer.unref()
  return { stop: () => clearInterval(timer) }
}
