/**
 * Money leaving Lotline (issue 30, decision 0053): the shapes of payouts, withdrawals and the
 * payout account, and the one rule both sides need — how a withdrawal is split between the cards
 * it came from and a payout. The wallet screen shows the plan before the member confirms; the API
 * makes exactly that plan. Money is integer minor units.
 */

/** The card a top-up was paid with ("Visa ·· 4242"); null where Stripe did not say. */
export interface CardLabel {
  brand: string
  last4: string
}

/** A member's Stripe Connect account as the wallet shows it. */
export interface PayoutAccountState {
  /** `none`: never connected; `incomplete`: onboarding not finished; `ready`: payouts enabled. */
  status: 'none' | 'incomplete' | 'ready'
  detailsSubmitted: boolean
  payoutsEnabled: boolean
  /** Stripe's requirements currently due (field names), for "Finish setting up payouts". */
  requirementsDue: string[]
}

/** `POST /api/wallet/payout-account` → 200: where onboarding continues (a Stripe Account Link). */
export interface PayoutAccountLink {
  url: string
}

export type PayoutStatus = 'pending' | 'paid' | 'failed' | 'reversed'

/** One Transfer to the member's connected account (`GET /api/wallet/payouts`, `payout.updated`). */
export interface Payout {
  id: string
  amount: number
  currency: string
  status: PayoutStatus
  /** What Stripe took back (`transfer.reversed`) and Lotline credited again. */
  reversedAmount: number
  failureMessage: string | null
  /** Set when this payout is the part of a withdrawal no card could take. */
  withdrawalId: string | null
  createdAt: string
  updatedAt: string
}

/** A payout as the admin area lists it (`GET /api/admin/payouts`). */
export interface AdminPayout extends Payout {
  userId: string
  /** 1, then one more for each retry of a failed payout (each with its own Stripe key). */
  attempt: number
  transferId: string | null
}

export type WithdrawalRefundStatus = 'pending' | 'succeeded' | 'failed' | 'canceled'

/** One refund of one card top-up, as part of a withdrawal. */
export interface WithdrawalRefund {
  id: string
  amount: number
  status: WithdrawalRefundStatus
  card: CardLabel | null
  failureReason: string | null
}

export type WithdrawalStatus = 'pending' | 'completed' | 'partly_failed' | 'failed'

/** `GET /api/wallet/withdrawals`, `POST …` → 201 and `withdrawal.updated`. */
export interface Withdrawal {
  id: string
  amount: number
  currency: string
  status: WithdrawalStatus
  refunds: WithdrawalRefund[]
  payout: Payout | null
  createdAt: string
}

/** A card top-up that can still go back to its card: what is left of it, newest first. */
export interface RefundableTopUp {
  topUpId: string
  /** What of the top-up has not been refunded yet. */
  refundable: number
  card: CardLabel | null
  paidAt: string
}

/** `GET /api/wallet/money-out`: what can leave, and where it would go. */
export interface MoneyOutView {
  currency: string
  /** The wallet's available balance (balance − held). */
  available: number
  /** Demo credit still in the wallet (local mode): never leaves, forfeited on closing. */
  demoCredit: number
  /** available − demo credit: the real money that can leave now. */
  withdrawable: number
  /** Money on its way out (refunds and transfers Stripe has not settled yet). */
  inTransit: number
  /** Card top-ups within the refund window, newest first. */
  refundable: RefundableTopUp[]
  payoutAccount: PayoutAccountState
  payoutMin: number
  payoutDailyMax: number
  /** What may still be paid out in the current 24 hours. */
  payoutLeftToday: number
  /** False without Stripe keys (local mode): neither card refunds nor payouts can happen. */
  moneyOutEnabled: boolean
  refundWindowDays: number
}

/** How a withdrawal of some amount would leave. */
export interface WithdrawalPlan {
  /** Back to cards, newest top-up first. */
  refunds: Array<{ topUpId: string; amount: number; card: CardLabel | null }>
  /** By payout to the connected account (no minimum within a withdrawal: it may empty a wallet). */
  payout: number
  /** What could not go anywhere: a withdrawal with any of this is refused. */
  unreachable: number
}

/** The real money in a wallet: demo credit counts as spent last, so it is what stays behind. */
export function withdrawableOf(available: number, demoCredit: number): number {
  return Math.max(0, available - Math.max(0, demoCredit))
}

/**
 * Splits `amount` as the API will: card refunds newest top-up first (each at most what is left of
 * it), then a payout for the rest when the payout account is ready and today's limit allows,
 * and whatever remains is unreachable.
 */
export function planWithdrawal(
  amount: number,
  view: Pick<MoneyOutView, 'refundable' | 'payoutAccount' | 'payoutLeftToday'>,
): WithdrawalPlan {
  const refunds: WithdrawalPlan['refunds'] = []
  let rest = amount
  for (const topUp of view.refundable) {
    if (rest <= 0) break
    const part = Math.min(rest, topUp.refundable)
    if (part <= 0) continue
    refunds.push({ topUpId: topUp.topUpId, amount: part, card: topUp.card })
    rest -= part
  }
  const payout =
    view.payoutAccount.status === 'ready' ? Math.min(rest, Math.max(0, view.payoutLeftToday)) : 0
  return { refunds, payout, unreachable: rest - payout }
}

/** The most a withdrawal may take now: every refundable card and the payout, within withdrawable. */
export function maxWithdrawal(
  view: Pick<MoneyOutView, 'withdrawable' | 'refundable' | 'payoutAccount' | 'payoutLeftToday'>,
): number {
  const plan = planWithdrawal(view.withdrawable, view)
  return view.withdrawable - plan.unreachable
}

/** The status of a connected account from Stripe's flags. */
export function payoutAccountStatus(
  account: { detailsSubmitted: boolean; payoutsEnabled: boolean } | null,
): PayoutAccountState['status'] {
  if (!account) return 'none'
  return account.detailsSubmitted && account.payoutsEnabled ? 'ready' : 'incomplete'
}

/** A withdrawal's status from its parts: pending while any part is; else by what failed. */
export function withdrawalStatusOf(
  parts: Array<'pending' | 'succeeded' | 'paid' | 'failed' | 'canceled' | 'reversed'>,
): WithdrawalStatus {
  if (parts.some((p) => p === 'pending')) return 'pending'
  const failed = parts.filter((p) => p === 'failed' || p === 'canceled' || p === 'reversed')
  if (failed.length === 0) return 'completed'
  return failed.length === parts.length ? 'failed' : 'partly_failed'
}
