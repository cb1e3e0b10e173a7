/** How a lot ended, as its result panel and the wallet receipt show it (decision 0023). */
import type { LotStatus } from './shapes.ts'
import type { SaleAmounts } from '../orders/fees.ts'

/** Who is looking at a finished lot: the buyer, the seller, someone who bid, or anyone else. */
export const RESULT_VIEWERS = ['winner', 'seller', 'bidder', 'other'] as const
export type ResultViewer = (typeof RESULT_VIEWERS)[number]

/**
 * Who the viewer (undefined when signed out) is to a finished lot, given whether they bid on it:
 * its seller, its winner (the leader of a settled lot), a bidder, or anyone else.
 */
export function viewerOf(
  lot: { sellerId: string; status: LotStatus; leaderId: string | null },
  userId: string | undefined,
  bid: boolean,
): ResultViewer {
  if (userId === undefined) return 'other'
  if (userId === lot.sellerId) return 'seller'
  if (lot.status === 'settled' && userId === lot.leaderId) return 'winner'
  return bid ? 'bidder' : 'other'
}

/** `GET /api/lots/:id/result`: a lot that is over, from the viewer's side. */
export interface LotResult {
  lotId: string
  status: LotStatus
  /** The final price of a sold lot, else null. */
  price: number | null
  /** The winning bid in the lot's history, for a sold lot. */
  winningBidId: number | null
  viewer: ResultViewer
  /** The seller's pickup or shipping note: only the winner and the seller see it. */
  nextSteps: string | null
  /** The viewer's wallet entry for this sale (the winner's purchase, the seller's credit). */
  entryId: number | null
  /** What that entry moved: negative for the winner, positive for the seller. */
  entryAmount: number | null
  /** The sale's order, for its winner and its seller (issue 29); null for anyone else. */
  orderId: string | null
}

/** A sale itemised: hammer price, premium, shipping and fee, and what each side paid or gets. */
export type SaleItems = Omit<SaleAmounts, 'houseTake'>

/** `GET /api/wallet/receipts/:entryId`: a purchase or a sale, printable. */
export interface Receipt {
  entryId: number
  /** The reference printed on the receipt, e.g. `LL-000042`. */
  reference: string
  kind: 'purchase' | 'sale'
  /** Positive: what was paid (purchase) or credited (sale). */
  amount: number
  createdAt: string
  lotId: string
  lotTitle: string
  seller: string
  /** The buyer's display name on a sale's statement; null on a purchase (the reader bought it). */
  buyer: string | null
  /** The sale's order and what it itemises; null for sales made before orders existed. */
  orderId: string | null
  amounts: SaleItems | null
}

export const receiptReference = (entryId: number): string =>
  `LL-${String(entryId).padStart(6, '0')}`

/** `GET /api/me/bids?tab=`: lots still running, lots I won, lots I bid on and did not win. */
export const MY_BIDS_TABS = ['active', 'won', 'lost'] as const
export type MyBidsTab = (typeof MY_BIDS_TABS)[number]
