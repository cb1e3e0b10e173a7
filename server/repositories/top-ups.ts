import type { TopUp, TopUpStatus } from '../../common/wallet.ts'
import type { Queryable } from '../db/types.ts'

interface TopUpRow {
  id: string
  user_id: string
  client_key: string
  amount: number
  currency: string
  payment_intent_id: string | null
  status: TopUpStatus
  failure_message: string | null
  credited_at: Date | null
  refund_id: string | null
  created_at: Date
  updated_at: Date
}

export interface TopUpRecord extends TopUp {
  userId: string
  clientKey: string
  paymentIntentId: string | null
  /** Stripe's refund of an over-cap top-up, once Stripe has made it. */
  refundId: string | null
}

function toRecord(row: TopUpRow): TopUpRecord {
  return {
    id: row.id,
    userId: row.user_id,
    clientKey: row.client_key,
    amount: row.amount,
    currency: row.currency,
    paymentIntentId: row.payment_intent_id,
    refundId: row.refund_id,
    status: row.status,
    failureMessage: row.failure_message,
    creditedAt: row.credited_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
  }
}

export function toTopUp({
  userId: _u,
  clientKey: _k,
  paymentIntentId: _p,
  refundId: _r,
  ...topUp
}: TopUpRecord): TopUp {
  return topUp
}

/**
 * Inserts the top-up for this client key, or returns the one that key already made. The
 * idempotency store answers repeats of the start only until its sweep (IDEMPOTENCY_KEY_TTL_MS);
 * this unique key keeps a later resend on the same top-up, and so on the same PaymentIntent.
 */
export async function insertOrGetTopUp(
  db: Queryable,
  input: { userId: string; clientKey: string; amount: number; currency: string },
): Promise<TopUpRecord> {
  await db.query(
    `insert into top_ups (user_id, client_key, amount, currency) values ($1, $2, $3, $4)
     on conflict (user_id, client_key) do nothing`,
    [input.userId, input.clientKey, input.amount, input.currency],
  )
  const { rows } = await db.query<TopUpRow>(
    'select * from top_ups where user_id = $1 and client_key = $2',
    [input.userId, input.clientKey],
  )
  return toRecord(rows[0]!)
}

export async function findTopUp(db: Queryable, id: string, lock = false) {
  const { rows } = await db.query<TopUpRow>(
    `select * from top_ups where id = $1 ${lock ? 'for update' : ''}`,
    [id],
  )
  return rows[0] ? toRecord(rows[0]) : undefined
}

export async function attachPaymentIntent(db: Queryable, id: string, paymentIntentId: string) {
  await db.query(
    `update top_ups set payment_intent_id = $2, updated_at = now()
     where id = $1 and payment_intent_id is null`,
    [id, paymentIntentId],
  )
}

/**
 * The card a paid top-up was paid with ("Visa ·· 4242" on a withdrawal back to it); written once,
 * when Stripe first says (decision 0053).
 */
export async function recordTopUpCard(
  db: Queryable,
  id: string,
  card: { brand: string; last4: string },
) {
  await db.query(
    `update top_ups set card_brand = $2, card_last4 = $3
      where id = $1 and card_brand is null`,
    [id, card.brand, card.last4],
  )
}

export async function updateTopUpStatus(
  db: Queryable,
  id: string,
  status: TopUpStatus,
  failureMessage: string | null,
  credited = false,
) {
  await db.query(
    `update top_ups set status = $2, failure_message = $3, updated_at = now(),
            credited_at = case when $4 then now() else credited_at end
     where id = $1`,
    [id, status, failureMessage, credited],
  )
}

/**
 * How long an unfinished top-up counts as pending (against the balance cap, and for the
 * reconciler). An abandoned one stops blocking the cap after this; if it is paid later anyway,
 * settlement checks the cap again.
 */
export const PENDING_TOP_UP_SECONDS = 7 * 24 * 3600
const PENDING = `status in ('created', 'processing', 'requires_action')
       and created_at > now() - make_interval(secs => ${PENDING_TOP_UP_SECONDS})`

/** The sum of a user's pending top-ups (not settled, not canceled or failed). */
export async function pendingTopUpTotal(db: Queryable, userId: string): Promise<number> {
  const { rows } = await db.query<{ total: number }>(
    `select coalesce(sum(amount), 0)::bigint as total from top_ups where user_id = $1 and ${PENDING}`,
    [userId],
  )
  return Number(rows[0]!.total)
}

/** Top-ups still waiting on Stripe, for the reconciler. */
export async function pendingTopUps(db: Queryable, olderThanSeconds: number, limit = 50) {
  const { rows } = await db.query<TopUpRow>(
    `select * from top_ups
     where ((${PENDING}) or (status = 'refunded' and refund_id is null))
       and payment_intent_id is not null
       and updated_at < now() - make_interval(secs => $1)
     order by updated_at limit $2`,
    [olderThanSeconds, limit],
  )
  return rows.map(toRecord)
}

/** Records Stripe's refund of an over-cap top-up: from then on nothing is owed. */
export async function recordRefund(db: Queryable, id: string, refundId: string) {
  await db.query(
    `update top_ups set refund_id = $2, updated_at = now() where id = $1 and refund_id is null`,
    [id, refundId],
  )
}

/** Records a webhook delivery; false when this event id was seen before. */
export async function recordStripeEvent(
  db: Queryable,
  event: { id: string; type: string; paymentIntentId: string | null },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `insert into stripe_events (id, type, payment_intent_id) values ($1, $2, $3)
     on conflict (id) do nothing`,
    [event.id, event.type, event.paymentIntentId],
  )
  return rowCount > 0
}

export async function markStripeEventProcessed(db: Queryable, id: string) {
  await db.query('update stripe_events set processed_at = now() where id = $1', [id])
}
