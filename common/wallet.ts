/** Wallet rules and shapes shared by the client and the API. Money is integer cents. */

/** One card top-up: 5.00 to 1,000.00 (docs/product.md §3). */
export const TOP_UP_MIN = 500
export const TOP_UP_MAX = 100_000
/**
 * A wallet's balance may not grow beyond 10,000.00 through top-ups or admin credits. A new top-up
 * counts the pending ones; one paid past the cap anyway is refunded, not credited (decision 0017).
 */
export const BALANCE_CAP = 1_000_000

/** `GET /api/wallet` and the `wallet.updated` event. */
export interface Wallet {
  /** Sum of the ledger entries. */
  balance: number
  /** Sum of the active holds (the user's maxima on lots they lead). */
  held: number
  /** balance − held, never negative. */
  available: number
  /**
   * Proceeds of the member's sales whose orders have not completed yet (decision 0051): theirs once
   * the buyer confirms or the order completes by itself; not part of `balance`.
   */
  pending: number
  currency: string
  /** Increments on every ledger entry or hold change of this user. */
  version: number
}

/** What the wallet screen shows for a top-up; `succeeded` means the wallet was credited. */
export type TopUpStatus =
  | 'created'
  | 'processing'
  | 'requires_action'
  | 'succeeded'
  | 'failed'
  | 'canceled'
  /** Paid, but crediting it would have taken the balance over the cap: given back by card. */
  | 'refunded'

/**
 * Nothing more can happen to these. `failed` is not among them: Stripe lets the same
 * PaymentIntent be paid with another card after a decline.
 */
export const FINAL_TOP_UP_STATUSES: readonly TopUpStatus[] = ['succeeded', 'canceled', 'refunded']

export interface TopUp {
  id: string
  amount: number
  currency: string
  status: TopUpStatus
  /** Stripe's message for a failed payment, shown as is. */
  failureMessage: string | null
  creditedAt: string | null
  createdAt: string
}

/** `POST /api/wallet/top-ups` and `GET /api/wallet/top-ups/:id`. */
export interface TopUpResponse {
  topUp: TopUp
  /** For the Payment Element while the top-up is not final; null once it is. */
  clientSecret: string | null
}

/**
 * `fee`: the house's take of a sale; `release`: a seller's pending proceeds made available when the
 * order completes; `reversal`: proceeds or fees taken back for a refund (decision 0051).
 */
export type LedgerKind =
  | 'top_up'
  | 'purchase'
  | 'sale'
  | 'refund'
  | 'adjustment'
  | 'fee'
  | 'release'
  | 'reversal'
  // Money out (decision 0053): local mode's credit, a card refund, a payout and money back.
  | 'demo_credit'
  | 'withdrawal'
  | 'payout'
  | 'return'

export interface LedgerEntry {
  id: number
  kind: LedgerKind
  /** Signed: credits positive, debits negative. */
  amount: number
  lotId: string | null
  lotTitle: string | null
  reason: string | null
  createdAt: string
}

export interface WalletHold {
  lotId: string
  lotTitle: string
  amount: number
  lotEndsAt: string
}
