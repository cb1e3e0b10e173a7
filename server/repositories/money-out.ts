import {
  payoutAccountStatus,
  withdrawableOf,
  type MoneyOutView,
  type PayoutAccountState,
  type RefundableTopUp,
} from '../../common/money-out.ts'
import type { MoneyOutConfig } from '../config/money-out.ts'
import type { Queryable } from '../db/types.ts'
import { walletOf } from './wallets.ts'

const DAY_MS = 24 * 3600 * 1000

/** What a money-out read needs besides the member: the settings and whether Stripe is there. */
export interface MoneyOutSettings {
  currency: string
  moneyOut: MoneyOutConfig
  stripeConfigured: boolean
}

/**
 * The one read of what can leave a member's wallet (decision 0053), used by
 * `GET /api/wallet/money-out` and, under the wallet lock, by the payout and withdrawal commands
 * and the account closure, so the screen and the API decide on the same figures.
 */
export async function moneyOutView(
  db: Queryable,
  userId: string,
  settings: MoneyOutSettings,
  now = new Date(),
): Promise<MoneyOutView> {
  const { moneyOut } = settings
  const wallet = await walletOf(db, userId, settings.currency)
  const demoCredit = await demoCreditOf(db, userId)
  const paidOut = await paidOutSince(db, userId, new Date(now.getTime() - DAY_MS))
  return {
    currency: settings.currency,
    available: wallet.available,
    demoCredit: Math.min(demoCredit, Math.max(0, wallet.available)),
    withdrawable: withdrawableOf(wallet.available, demoCredit),
    inTransit: await inTransitOf(db, userId),
    refundable: settings.stripeConfigured
      ? await refundableTopUps(db, userId, moneyOut.refundWindowDays, now)
      : [],
    payoutAccount: await payoutAccountOf(db, userId),
    payoutMin: moneyOut.payoutMin,
    payoutDailyMax: moneyOut.payoutDailyMax,
    payoutLeftToday: Math.max(0, moneyOut.payoutDailyMax - paidOut),
    moneyOutEnabled: settings.stripeConfigured,
    refundWindowDays: moneyOut.refundWindowDays,
  }
}

/** The demo credit a member was given (never spent first: decision 0053). */
export async function demoCreditOf(db: Queryable, userId: string): Promise<number> {
  const { rows } = await db.query<{ total: number }>(
    `select coalesce(sum(amount), 0)::bigint as total from ledger_entries
      where user_id = $1 and account = 'available' and kind = 'demo_credit'`,
    [userId],
  )
  return Number(rows[0]!.total)
}

/** What was paid out (or is on its way) since `since`: failed payouts do not count. */
export async function paidOutSince(db: Queryable, userId: string, since: Date): Promise<number> {
  const { rows } = await db.query<{ total: number }>(
    `select coalesce(sum(amount), 0)::bigint as total from payouts
      where user_id = $1 and created_at > $2 and status <> 'failed'`,
    [userId, since],
  )
  return Number(rows[0]!.total)
}

/** Refunds and transfers not yet settled by Stripe. */
export async function inTransitOf(db: Queryable, userId: string): Promise<number> {
  const { rows } = await db.query<{ total: number }>(
    `select (select coalesce(sum(r.amount), 0) from withdrawal_refunds r
               join withdrawals w on w.id = r.withdrawal_id
              where w.user_id = $1 and r.status = 'pending')
          + (select coalesce(sum(p.amount), 0) from payouts p
              where p.user_id = $1 and p.status = 'pending') as total`,
    [userId],
  )
  return Number(rows[0]!.total)
}

/**
 * Succeeded card top-ups within the refund window, newest first, with what is left of each: its
 * amount less the withdrawal refunds made or on their way (a failed or canceled one gave it back).
 */
export async function refundableTopUps(
  db: Queryable,
  userId: string,
  windowDays: number,
  now = new Date(),
): Promise<RefundableTopUp[]> {
  const { rows } = await db.query<{
    id: string
    left: number
    card_brand: string | null
    card_last4: string | null
    paid_at: Date
  }>(
    `select t.id, t.card_brand, t.card_last4, coalesce(t.credited_at, t.updated_at) as paid_at,
            t.amount - coalesce((select sum(r.amount) from withdrawal_refunds r
                                  where r.top_up_id = t.id
                                    and r.status in ('pending', 'succeeded')), 0) as left
       from top_ups t
      where t.user_id = $1 and t.status = 'succeeded'
        and coalesce(t.credited_at, t.updated_at) > $2
      order by coalesce(t.credited_at, t.updated_at) desc, t.id`,
    [userId, new Date(now.getTime() - windowDays * DAY_MS)],
  )
  return rows
    .filter((r) => Number(r.left) > 0)
    .map((r) => ({
      topUpId: r.id,
      refundable: Number(r.left),
      card: r.card_brand && r.card_last4 ? { brand: r.card_brand, last4: r.card_last4 } : null,
      paidAt: r.paid_at.toISOString(),
    }))
}

/** The member's Stripe Connect account as the wallet shows it. */
export async function payoutAccountOf(db: Queryable, userId: string): Promise<PayoutAccountState> {
  const { rows } = await db.query<{
    details_submitted: boolean
    payouts_enabled: boolean
    requirements_due: string[]
  }>(
    `select details_submitted, payouts_enabled, requirements_due from payout_accounts
      where user_id = $1`,
    [userId],
  )
  const row = rows[0]
  const account = row
    ? { detailsSubmitted: row.details_submitted, payoutsEnabled: row.payouts_enabled }
    : null
  return {
    status: payoutAccountStatus(account),
    detailsSubmitted: account?.detailsSubmitted ?? false,
    payoutsEnabled: account?.payoutsEnabled ?? false,
    requirementsDue: row?.requirements_due ?? [],
  }
}
