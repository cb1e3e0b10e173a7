import type {
  CardLabel,
  Payout,
  Withdrawal,
  WithdrawalRefund,
  WithdrawalRefundStatus,
} from '../../common/money-out.ts'
import { withdrawalStatusOf } from '../../common/money-out.ts'
import type { Queryable } from '../db/types.ts'

/** Withdrawals of prepaid credit back to cards (and a payout for the rest), decision 0053. */

export interface WithdrawalRefundRow {
  id: string
  withdrawalId: string
  userId: string
  topUpId: string
  paymentIntentId: string
  amount: number
  attempt: number
  refundId: string | null
  status: WithdrawalRefundStatus
  failureReason: string | null
  updatedAt: Date
}

interface RefundSqlRow {
  id: string
  withdrawal_id: string
  user_id: string
  top_up_id: string
  payment_intent_id: string
  amount: number
  attempt: number
  refund_id: string | null
  status: WithdrawalRefundStatus
  failure_reason: string | null
  updated_at: Date
}

const REFUND_COLUMNS = `r.id, r.withdrawal_id, w.user_id, r.top_up_id, r.payment_intent_id,
  r.amount, r.attempt, r.refund_id, r.status, r.failure_reason, r.updated_at`

function toRefundRow(r: RefundSqlRow): WithdrawalRefundRow {
  return {
    id: r.id,
    withdrawalId: r.withdrawal_id,
    userId: r.user_id,
    topUpId: r.top_up_id,
    paymentIntentId: r.payment_intent_id,
    amount: Number(r.amount),
    attempt: r.attempt,
    refundId: r.refund_id,
    status: r.status,
    failureReason: r.failure_reason,
    updatedAt: r.updated_at,
  }
}

/** The withdrawal a member's client key made, if any. */
export async function withdrawalOfKey(
  db: Queryable,
  userId: string,
  clientKey: string,
): Promise<{ id: string; amount: number } | undefined> {
  const { rows } = await db.query<{ id: string; amount: number }>(
    `select id, amount from withdrawals where user_id = $1 and client_key = $2`,
    [userId, clientKey],
  )
  const row = rows[0]
  return row && { id: row.id, amount: Number(row.amount) }
}

export async function insertWithdrawal(
  db: Queryable,
  input: { userId: string; clientKey: string; amount: number; currency: string },
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into withdrawals (user_id, client_key, amount, currency)
     values ($1, $2, $3, $4) returning id`,
    [input.userId, input.clientKey, input.amount, input.currency],
  )
  return rows[0]!.id
}

export async function insertWithdrawalRefund(
  db: Queryable,
  input: { withdrawalId: string; topUpId: string; amount: number },
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into withdrawal_refunds (withdrawal_id, top_up_id, payment_intent_id, amount)
     select $1, t.id, t.payment_intent_id, $3 from top_ups t where t.id = $2
     returning id`,
    [input.withdrawalId, input.topUpId, input.amount],
  )
  return rows[0]!.id
}

export async function findWithdrawalRefund(
  db: Queryable,
  id: string,
  lock = false,
): Promise<WithdrawalRefundRow | undefined> {
  const { rows } = await db.query<RefundSqlRow>(
    `select ${REFUND_COLUMNS} from withdrawal_refunds r
       join withdrawals w on w.id = r.withdrawal_id
      where r.id = $1 ${lock ? 'for update of r' : ''}`,
    [id],
  )
  return rows[0] && toRefundRow(rows[0])
}

export async function refundRowOfStripeRefund(
  db: Queryable,
  refundId: string,
): Promise<WithdrawalRefundRow | undefined> {
  const { rows } = await db.query<RefundSqlRow>(
    `select ${REFUND_COLUMNS} from withdrawal_refunds r
       join withdrawals w on w.id = r.withdrawal_id
      where r.refund_id = $1`,
    [refundId],
  )
  return rows[0] && toRefundRow(rows[0])
}

export async function refundRowsOfWithdrawal(
  db: Queryable,
  withdrawalId: string,
): Promise<WithdrawalRefundRow[]> {
  const { rows } = await db.query<RefundSqlRow>(
    `select ${REFUND_COLUMNS} from withdrawal_refunds r
       join withdrawals w on w.id = r.withdrawal_id join top_ups t on t.id = r.top_up_id
      where r.withdrawal_id = $1 order by coalesce(t.credited_at, t.updated_at) desc, r.id`,
    [withdrawalId],
  )
  return rows.map(toRefundRow)
}

/** Pending refunds untouched for `olderThanSeconds`: the reconciler sends or reads them again. */
export async function dueWithdrawalRefunds(
  db: Queryable,
  olderThanSeconds: number,
  limit = 50,
): Promise<WithdrawalRefundRow[]> {
  const { rows } = await db.query<RefundSqlRow>(
    `select ${REFUND_COLUMNS} from withdrawal_refunds r
       join withdrawals w on w.id = r.withdrawal_id
      where r.status = 'pending' and r.updated_at < now() - make_interval(secs => $1)
      order by r.updated_at limit $2`,
    [olderThanSeconds, limit],
  )
  return rows.map(toRefundRow)
}

/** Stripe's answer to a refund: its id (first time), status and failure reason. */
export async function recordRefundAnswer(
  db: Queryable,
  id: string,
  answer: { refundId: string; status: WithdrawalRefundStatus; failureReason: string | null },
) {
  await db.query(
    `update withdrawal_refunds
        set refund_id = coalesce(refund_id, $2), status = $3, failure_reason = $4,
            updated_at = now()
      where id = $1`,
    [id, answer.refundId, answer.status, answer.failureReason],
  )
}

/** A refund Stripe refused outright (no refund made): failed, with why. */
export async function markRefundFailed(db: Queryable, id: string, reason: string) {
  await db.query(
    `update withdrawal_refunds set status = 'failed', failure_reason = $2, updated_at = now()
      where id = $1`,
    [id, reason],
  )
}

/** A failed refund sent again: a new attempt (a new Stripe key), pending, without a refund yet. */
export async function startNewRefundAttempt(db: Queryable, id: string): Promise<number> {
  const { rows } = await db.query<{ attempt: number }>(
    `update withdrawal_refunds
        set attempt = attempt + 1, status = 'pending', refund_id = null, failure_reason = null,
            updated_at = now()
      where id = $1 returning attempt`,
    [id],
  )
  return rows[0]!.attempt
}

/** Touches a pending refund so the reconciler waits again before its next try. */
export async function touchRefund(db: Queryable, id: string) {
  await db.query(`update withdrawal_refunds set updated_at = now() where id = $1`, [id])
}

/** The withdrawal's status from its parts, stored so lists and filters read it. */
export async function refreshWithdrawalStatus(db: Queryable, withdrawalId: string) {
  await db.query(
    `update withdrawals w set status = $2, updated_at = now() where id = $1 and status <> $2`,
    [withdrawalId, withdrawalStatusOf(await partStatuses(db, withdrawalId))],
  )
}

async function partStatuses(db: Queryable, withdrawalId: string) {
  const { rows } = await db.query<{ status: WithdrawalRefundStatus | Payout['status'] }>(
    `select status from withdrawal_refunds where withdrawal_id = $1
     union all select status from payouts where withdrawal_id = $1`,
    [withdrawalId],
  )
  return rows.map((r) => r.status)
}

interface WithdrawalSqlRow {
  id: string
  seq: number
  user_id: string
  amount: number
  currency: string
  created_at: Date
}

/** Withdrawals as the API shows them, with their refunds (card labels) and payout. */
async function withdrawalsOf(db: Queryable, rows: WithdrawalSqlRow[]): Promise<Withdrawal[]> {
  if (rows.length === 0) return []
  const ids = rows.map((r) => r.id)
  const { rows: refunds } = await db.query<{
    id: string
    withdrawal_id: string
    amount: number
    status: WithdrawalRefundStatus
    failure_reason: string | null
    card_brand: string | null
    card_last4: string | null
  }>(
    `select r.id, r.withdrawal_id, r.amount, r.status, r.failure_reason, t.card_brand, t.card_last4
       from withdrawal_refunds r join top_ups t on t.id = r.top_up_id
      where r.withdrawal_id = any($1::uuid[])
      order by coalesce(t.credited_at, t.updated_at) desc, r.id`,
    [ids],
  )
  const { rows: payouts } = await db.query<{
    id: string
    withdrawal_id: string
    amount: number
    currency: string
    status: Payout['status']
    reversed_amount: number
    failure_message: string | null
    created_at: Date
    updated_at: Date
  }>(`select * from payouts where withdrawal_id = any($1::uuid[])`, [ids])
  return rows.map((w) => {
    const parts: WithdrawalRefund[] = refunds
      .filter((r) => r.withdrawal_id === w.id)
      .map((r) => ({
        id: r.id,
        amount: Number(r.amount),
        status: r.status,
        card: cardLabel(r.card_brand, r.card_last4),
        failureReason: r.failure_reason,
      }))
    const p = payouts.find((x) => x.withdrawal_id === w.id)
    const payout: Payout | null = p
      ? {
          id: p.id,
          amount: Number(p.amount),
          currency: p.currency,
          status: p.status,
          reversedAmount: Number(p.reversed_amount),
          failureMessage: p.failure_message,
          withdrawalId: p.withdrawal_id,
          createdAt: p.created_at.toISOString(),
          updatedAt: p.updated_at.toISOString(),
        }
      : null
    const statuses = [...parts.map((r) => r.status), ...(payout ? [payout.status] : [])]
    return {
      id: w.id,
      amount: Number(w.amount),
      currency: w.currency,
      status: withdrawalStatusOf(statuses),
      refunds: parts,
      payout,
      createdAt: w.created_at.toISOString(),
    }
  })
}

function cardLabel(brand: string | null, last4: string | null): CardLabel | null {
  return brand && last4 ? { brand, last4 } : null
}

export async function withdrawalById(
  db: Queryable,
  id: string,
): Promise<(Withdrawal & { userId: string }) | undefined> {
  const { rows } = await db.query<WithdrawalSqlRow>(`select * from withdrawals where id = $1`, [id])
  const [withdrawal] = await withdrawalsOf(db, rows)
  return withdrawal && { ...withdrawal, userId: rows[0]!.user_id }
}

export const WITHDRAWALS_PAGE = 20

/**
 * Withdrawals newest first, a page at a time (`before` is the previous page's cursor: a seq), of
 * one member or, for admins, of everyone (optionally of one status).
 */
export async function withdrawalPage(
  db: Queryable,
  filter: { userId?: string; status?: string; before?: number },
  limit = WITHDRAWALS_PAGE,
): Promise<{ items: Array<Withdrawal & { userId: string }>; nextCursor: string | null }> {
  const { rows } = await db.query<WithdrawalSqlRow>(
    `select * from withdrawals
      where ($1::uuid is null or user_id = $1) and ($2::text is null or status = $2)
        and ($3::bigint is null or seq < $3)
      order by seq desc limit $4`,
    [filter.userId ?? null, filter.status ?? null, filter.before ?? null, limit + 1],
  )
  const page = rows.slice(0, limit)
  const items = await withdrawalsOf(db, page)
  const last = page[page.length - 1]
  return {
    items: items.map((w, i) => ({ ...w, userId: page[i]!.user_id })),
    nextCursor: rows.length > limit && last ? String(last.seq) : null,
  }
}
