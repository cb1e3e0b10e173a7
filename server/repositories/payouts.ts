import type { AdminPayout, Payout, PayoutStatus } from '../../common/money-out.ts'
import type { Queryable } from '../db/types.ts'

/** The payouts table (migration 021) and the payout account; the rules are in the commands. */

export interface PayoutRecord extends Payout {
  userId: string
  stripeAccountId: string
  attempt: number
  transferId: string | null
  seq: number
}

interface PayoutRow {
  id: string
  seq: string | number
  user_id: string
  withdrawal_id: string | null
  amount: string | number
  currency: string
  stripe_account_id: string
  attempt: number
  transfer_id: string | null
  status: PayoutStatus
  reversed_amount: string | number
  failure_message: string | null
  created_at: Date
  updated_at: Date
}

function toRecord(r: PayoutRow): PayoutRecord {
  return {
    id: r.id,
    seq: Number(r.seq),
    userId: r.user_id,
    withdrawalId: r.withdrawal_id,
    amount: Number(r.amount),
    currency: r.currency,
    stripeAccountId: r.stripe_account_id,
    attempt: r.attempt,
    transferId: r.transfer_id,
    status: r.status,
    reversedAmount: Number(r.reversed_amount),
    failureMessage: r.failure_message,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  }
}

/** What the member sees of a payout (`Payout` of common/money-out.ts). */
export function toPayout(p: PayoutRecord): Payout {
  return {
    id: p.id,
    amount: p.amount,
    currency: p.currency,
    status: p.status,
    reversedAmount: p.reversedAmount,
    failureMessage: p.failureMessage,
    withdrawalId: p.withdrawalId,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  }
}

export function toAdminPayout(p: PayoutRecord): AdminPayout {
  return { ...toPayout(p), userId: p.userId, attempt: p.attempt, transferId: p.transferId }
}

/**
 * A member's payout by their client key, or a new one; `created` says which. A withdrawal's payout
 * part names its withdrawal, and its client key is the withdrawal's (one per withdrawal).
 */
export async function insertOrGetPayout(
  db: Queryable,
  p: {
    userId: string
    clientKey: string
    amount: number
    currency: string
    account: string
    withdrawalId?: string
  },
): Promise<{ payout: PayoutRecord; created: boolean }> {
  const { rows } = await db.query<PayoutRow>(
    `insert into payouts (user_id, client_key, amount, currency, stripe_account_id, withdrawal_id)
     values ($1, $2, $3, $4, $5, $6)
     on conflict (user_id, client_key) do nothing returning *`,
    [p.userId, p.clientKey, p.amount, p.currency, p.account, p.withdrawalId ?? null],
  )
  if (rows[0]) return { payout: toRecord(rows[0]), created: true }
  const { rows: old } = await db.query<PayoutRow>(
    'select * from payouts where user_id = $1 and client_key = $2',
    [p.userId, p.clientKey],
  )
  return { payout: toRecord(old[0]!), created: false }
}

export async function findPayout(
  db: Queryable,
  id: string,
  forUpdate = false,
): Promise<PayoutRecord | null> {
  const { rows } = await db.query<PayoutRow>(
    `select * from payouts where id = $1${forUpdate ? ' for update' : ''}`,
    [id],
  )
  return rows[0] ? toRecord(rows[0]) : null
}

export async function findPayoutByTransfer(
  db: Queryable,
  transferId: string,
): Promise<PayoutRecord | null> {
  const { rows } = await db.query<PayoutRow>('select * from payouts where transfer_id = $1', [
    transferId,
  ])
  return rows[0] ? toRecord(rows[0]) : null
}

/** Stripe answered with a transfer: the payout is paid (only a pending one moves). */
export async function markPayoutPaid(db: Queryable, id: string, transferId: string) {
  await db.query(
    `update payouts set transfer_id = $2, status = 'paid', updated_at = now()
      where id = $1 and status = 'pending'`,
    [id, transferId],
  )
}

export async function markPayoutFailed(db: Queryable, id: string, message: string) {
  await db.query(
    `update payouts set status = 'failed', failure_message = $2, updated_at = now()
      where id = $1`,
    [id, message],
  )
}

/** A failed payout tried again: a new attempt, pending, with new keys. */
export async function startNextAttempt(db: Queryable, id: string): Promise<number> {
  const { rows } = await db.query<{ attempt: number }>(
    `update payouts set attempt = attempt + 1, status = 'pending', failure_message = null,
            updated_at = now()
      where id = $1 returning attempt`,
    [id],
  )
  return rows[0]!.attempt
}

export async function setReversed(db: Queryable, id: string, reversedAmount: number) {
  await db.query(
    `update payouts set reversed_amount = $2, status = 'reversed', updated_at = now()
      where id = $1`,
    [id, reversedAmount],
  )
}

/** Pending payouts untouched for `olderThanSeconds` (the retry job's work), oldest first. */
export async function pendingPayouts(db: Queryable, olderThanSeconds: number, limit = 100) {
  const { rows } = await db.query<{ id: string }>(
    `select id from payouts where status = 'pending'
        and updated_at < now() - make_interval(secs => $1)
      order by updated_at limit $2`,
    [olderThanSeconds, limit],
  )
  return rows.map((r) => r.id)
}

/** Newest first by `seq`; the cursor is the last item's seq. */
export async function payoutsPage(
  db: Queryable,
  filter: { userId?: string; status?: PayoutStatus },
  before: number | undefined,
  limit: number,
): Promise<{ items: PayoutRecord[]; nextCursor: string | null }> {
  const { rows } = await db.query<PayoutRow>(
    `select * from payouts
      where ($1::uuid is null or user_id = $1) and ($2::text is null or status = $2)
        and ($3::bigint is null or seq < $3)
      order by seq desc limit $4`,
    [filter.userId ?? null, filter.status ?? null, before ?? null, limit + 1],
  )
  const items = rows.slice(0, limit).map(toRecord)
  const last = items[items.length - 1]
  return { items, nextCursor: rows.length > limit && last ? String(last.seq) : null }
}

export interface PayoutAccountRecord {
  userId: string
  stripeAccountId: string
}

export async function findPayoutAccount(
  db: Queryable,
  userId: string,
): Promise<PayoutAccountRecord | null> {
  const { rows } = await db.query<{ stripe_account_id: string }>(
    'select stripe_account_id from payout_accounts where user_id = $1',
    [userId],
  )
  return rows[0] ? { userId, stripeAccountId: rows[0].stripe_account_id } : null
}

/** The member's connected account, once (a second insert keeps the first). */
export async function insertPayoutAccount(db: Queryable, userId: string, stripeAccountId: string) {
  await db.query(
    `insert into payout_accounts (user_id, stripe_account_id) values ($1, $2)
     on conflict do nothing`,
    [userId, stripeAccountId],
  )
}

/** The account as Stripe last told it; the member it belongs to, or null for a stranger. */
export async function updatePayoutAccount(
  db: Queryable,
  stripeAccountId: string,
  state: { detailsSubmitted: boolean; payoutsEnabled: boolean; requirementsDue: string[] },
): Promise<string | null> {
  const { rows } = await db.query<{ user_id: string }>(
    `update payout_accounts
        set details_submitted = $2, payouts_enabled = $3, requirements_due = $4,
            updated_at = now()
      where stripe_account_id = $1 returning user_id`,
    [stripeAccountId, state.detailsSubmitted, state.payoutsEnabled, state.requirementsDue],
  )
  return rows[0]?.user_id ?? null
}

export async function findPayoutAccountByStripeId(
  db: Queryable,
  stripeAccountId: string,
): Promise<PayoutAccountRecord | null> {
  const { rows } = await db.query<{ user_id: string }>(
    'select user_id from payout_accounts where stripe_account_id = $1',
    [stripeAccountId],
  )
  return rows[0] ? { userId: rows[0].user_id, stripeAccountId } : null
}
