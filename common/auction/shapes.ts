/** The shapes of lots, bids and notifications as the API answers and the events carry them. */
import type { LotDelivery } from '../orders/delivery.ts'
import type { LotCategory } from './finding.ts'

/**
 * A lot's lifecycle. A lot goes from open to settled or unsold in the one transaction that ends it
 * (docs/rules.md), so no status sits between them.
 */
export const LOT_STATUSES = ['scheduled', 'open', 'settled', 'unsold', 'cancelled'] as const
export type LotStatus = (typeof LOT_STATUSES)[number]
export const LOT_FILTERS = ['open', 'ending_soon', 'scheduled', 'closed'] as const
export type LotFilter = (typeof LOT_FILTERS)[number]
/** Statuses the `closed` filter shows: the lot is over, whatever its outcome. */
export const ENDED_STATUSES: readonly LotStatus[] = ['settled', 'unsold', 'cancelled']

/** The public view of a lot: lists, `lot.created`, `lot.updated`, `bid.placed`. */
export interface LotSummary {
  id: string
  title: string
  /** Chosen by the seller when listing (decision 0026). */
  category: LotCategory
  status: LotStatus
  startingPrice: number
  /** Null until the first bid. */
  currentPrice: number | null
  /** Null once the lot is over. */
  minNextBid: number | null
  bidCount: number
  /** The leading bidder's public alias. */
  leader: string | null
  /** The seller's display name (their account name, decision 0025); bidders stay aliases. */
  seller: string
  hasReserve: boolean
  /** Null when the lot has no reserve; the reserve amount itself stays secret. */
  reserveMet: boolean | null
  startsAt: string
  endsAt: string
  softCloseSeconds: number
  /** Shipping (a flat cost), a pickup town, or both (issue 29); neither for lots listed before. */
  delivery: LotDelivery
  /** The lot's first picture (its cover), relative to the app's base (`uploads/lots/…`), or null. */
  imageUrl: string | null
  /** Every picture in the seller's order, the cover first (at most `LOT_PICTURES_MAX`). */
  pictures: LotPicture[]
  /** When the lot was cancelled (issue 32), null unless its status is `cancelled`. */
  cancelledAt: string | null
  /**
   * Lotline's reason when an admin cancelled it, shown to everyone; null when the seller cancelled
   * their own lot (or the lot is not cancelled).
   */
  cancelReason: string | null
  /**
   * The live show the lot runs in (issue 34), or null. While queued (`scheduled`) it opens when
   * the host reaches it, not at `startsAt`: the screens say so and link to the show, and the
   * browse lists and search leave it out (the show lists its queue).
   */
  showId: string | null
  version: number
  serverTime: string
}

/** One picture of a lot (decision 0024): its id and its file, relative to the app's base. */
export interface LotPicture {
  id: string
  /** The original file as uploaded (the zoomed view). */
  url: string
  /** The original's size in pixels; null for pictures stored before sizes were recorded. */
  width: number | null
  height: number | null
  /** The widths of its WebP copies (`variantUrl`, decision 0031); empty for older pictures. */
  widths: number[]
}

export type MyLotStatus = 'leading' | 'outbid' | 'won' | 'lost' | null

export interface MyLot {
  status: MyLotStatus
  /** My maximum on this lot (my own secret), null if I never bid. */
  maxBid: number | null
  watching: boolean
  /** Only when the viewer is the lot's seller: what the seller panel shows and edits. */
  seller?: SellerView
}

/** The seller's own view of their lot (decision 0025). */
export interface SellerView {
  /** The pickup or shipping note for the buyer ('' when none). */
  nextSteps: string
}

export interface LotDetail extends LotSummary {
  /** The seller's member id: the room links their name to their profile (/sellers/:id). */
  sellerId: string
  description: string
  /** Only for a signed-in viewer. */
  my: MyLot | null
}

export interface BidRow {
  id: number
  lotId: string
  /** Bidder alias. */
  bidder: string
  amount: number
  /** Placed by the proxy on the bidder's behalf. */
  auto: boolean
  createdAt: string
}

/**
 * `GET /api/lots/:id/bids`: a page of history and the lot version it is complete at, so the
 * client knows which live event comes next (docs/decisions/0043-history-version.md).
 */
export interface BidPage {
  items: BidRow[]
  nextCursor: string | null
  version: number
}

/** What a notification is about; the client shows an unknown (newer) kind as "other". */
export const NOTIFICATION_KINDS = [
  'outbid',
  'won',
  'lot_sold',
  'lot_unsold',
  // To everyone who bid on a lot and did not win it, when it closes (decision 0023).
  'lot_ended',
  'ending_soon',
  'lot_cancelled',
  'top_up_succeeded',
  'top_up_failed',
  // A paid top-up given back by card because it would have passed the balance cap.
  'top_up_refunded',
  // The first message of an order's thread the member has not read (issue 29): data.orderId.
  'order_message',
  // The other side moved an order (issue 29): data.orderId and data.state, where it now stands.
  'order_moved',
  // Stripe refused a payout (decision 0053): data.payoutId, the amount is back in the wallet.
  'payout_failed',
  // A withdrawal's card refund failed (decision 0053): data.withdrawalId, the amount is back.
  'withdrawal_failed',
  // A new lot matches one of the member's saved searches (issue 32): data.searchId, data.name,
  // data.lotId, data.title; at most one an hour per search.
  'saved_search_match',
  // A seller the member follows starts a show in 15 minutes / is live (issue 34): data.showId,
  // data.title (the show's), data.sellerName; once each per show.
  'show_soon',
  'show_live',
] as const

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]

export const isNotificationKind = (value: string): value is NotificationKind =>
  (NOTIFICATION_KINDS as readonly string[]).includes(value)

export interface AppNotification {
  id: number
  kind: NotificationKind
  lotId: string | null
  data: Record<string, unknown>
  readAt: string | null
  createdAt: string
}
