/** Wallet rules and shapes shared by the client and the API. Money is integer cents. */

/** One card top-up: 5.00 to 1,000.00 (DESIGN §3). */
export const TOP_UP_MIN = 500
export const TOP_UP_MAX = 100_000
/** A wallet's balance may not grow beyond 10,000.00 through top-ups. */
export const BALANCE_CAP = 1_000_000

/** `GET /api/wallet` and the `wallet.updated` event. */
export interface Wallet {
  /** Sum of the ledger entries. */
  balance: number
  /** Sum of the active holds (the user's maxima on lots they lead). */
  held: number
  /** balance − held, never negative. */
  available: number
  currency: string
  /** Increments on every ledger entry or hold change of this user. */
  version: number
}
