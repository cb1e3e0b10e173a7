import { Type, type Static } from '@fastify/type-provider-typebox'
import {
  LOT_CATEGORIES,
  LOT_STATUSES,
  LOT_PICTURES_MAX,
  PICTURE_WIDTHS,
  NOTIFICATION_KINDS,
  type AppNotification,
  type BidPage,
  type BidRow,
  type LotDetail,
  type LotSummary,
  type MyLot,
} from '../../common/auction.ts'
import type { BidResponse } from '../../common/wire.ts'
import { Closed, Nullable, Page, Timestamp, type Same } from './shared.ts'
import { WalletSchema } from './wallet.ts'

/** Response schemas of lots, bids, the watchlist and notifications (server/routes/lots, ...). */

const Money = Type.Integer()

const MY_LOT_STATUSES = ['leading', 'outbid', 'won', 'lost'] as const

const lotSummaryProperties = {
  id: Type.String(),
  title: Type.String(),
  category: Type.Enum(LOT_CATEGORIES),
  status: Type.Enum(LOT_STATUSES),
  startingPrice: Money,
  /** Null until the first bid. */
  currentPrice: Nullable(Money),
  /** Null once the lot is over. */
  minNextBid: Nullable(Money),
  bidCount: Type.Integer(),
  /** The leading bidder's public alias. */
  leader: Nullable(Type.String()),
  seller: Type.String(),
  hasReserve: Type.Boolean(),
  /** Null when the lot has no reserve; the reserve amount itself stays secret. */
  reserveMet: Nullable(Type.Boolean()),
  startsAt: Timestamp,
  endsAt: Timestamp,
  softCloseSeconds: Type.Integer(),
  /** Shipping (a flat cost), a pickup town, or both; neither for lots listed before (issue 29). */
  delivery: Closed({
    shipping: Nullable(Closed({ cost: Type.Integer({ minimum: 0 }) })),
    pickup: Nullable(Closed({ town: Type.String() })),
  }),
  /** The lot's first picture (its cover), relative to the app's base (`uploads/lots/…`), or null. */
  imageUrl: Nullable(Type.String()),
  /** Every picture in the seller's order, the cover first (at most 8, decision 0024). */
  pictures: Type.Array(
    Closed({
      id: Type.String(),
      url: Type.String(),
      width: Nullable(Type.Integer()),
      height: Nullable(Type.Integer()),
      widths: Type.Array(Type.Integer(), { maxItems: PICTURE_WIDTHS.length }),
    }),
    {
      maxItems: LOT_PICTURES_MAX,
    },
  ),
  /** When the lot was cancelled, null unless it is (issue 32). */
  cancelledAt: Nullable(Timestamp),
  /** Lotline's reason when an admin cancelled it; null for the seller's own cancel. */
  cancelReason: Nullable(Type.String()),
  /** The live show it runs in (issue 34), or null. */
  showId: Nullable(Type.String({ format: 'uuid' })),
  version: Type.Integer(),
  serverTime: Timestamp,
}

export const LotSummarySchema = Closed(lotSummaryProperties)
const _lotSummary: Same<Static<typeof LotSummarySchema>, LotSummary> = true

const myLotStatus = Nullable(Type.Enum(MY_LOT_STATUSES))

export const MyLotSchema = Closed({
  status: myLotStatus,
  /** My maximum on this lot (my own secret), null if I never bid. */
  maxBid: Nullable(Money),
  watching: Type.Boolean(),
  /** Only when the viewer is the lot's seller (decision 0025). */
  seller: Type.Optional(Closed({ nextSteps: Type.String() })),
})
const _myLot: Same<Static<typeof MyLotSchema>, MyLot> = true

export const LotDetailSchema = Closed({
  ...lotSummaryProperties,
  sellerId: Type.String({ format: 'uuid' }),
  description: Type.String(),
  /** Only for a signed-in viewer. */
  my: Nullable(MyLotSchema),
})
const _lotDetail: Same<Static<typeof LotDetailSchema>, LotDetail> = true

/** `GET /api/me/bids`: a lot I bid on, with my standing and my maximum. */
export const MyBidLotSchema = Closed({
  ...lotSummaryProperties,
  my: Closed({ status: myLotStatus, maxBid: Nullable(Money) }),
})
const _myBidLot: Same<
  Static<typeof MyBidLotSchema>,
  LotSummary & { my: Pick<MyLot, 'status' | 'maxBid'> }
> = true

export const BidRowSchema = Closed({
  id: Type.Integer(),
  lotId: Type.String(),
  /** Bidder alias. */
  bidder: Type.String(),
  amount: Money,
  /** Placed by the proxy on the bidder's behalf. */
  auto: Type.Boolean(),
  createdAt: Timestamp,
})
const _bidRow: Same<Static<typeof BidRowSchema>, BidRow> = true

/** `POST /api/lots/:id/bids` → 201. */
export const BidResponseSchema = Closed({
  bids: Type.Array(BidRowSchema),
  lot: LotDetailSchema,
  wallet: WalletSchema,
})
const _bidResponse: Same<Static<typeof BidResponseSchema>, BidResponse> = true

export const AppNotificationSchema = Closed({
  id: Type.Integer(),
  kind: Type.Enum(NOTIFICATION_KINDS),
  lotId: Nullable(Type.String()),
  /** What the notification is about (a lot's title, an amount...), by kind. */
  data: Type.Record(Type.String(), Type.Unknown()),
  readAt: Nullable(Timestamp),
  createdAt: Timestamp,
})
const _notification: Same<Static<typeof AppNotificationSchema>, AppNotification> = true

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────

export const LotPageSchema = Page(LotSummarySchema)
export const MyBidsPageSchema = Page(MyBidLotSchema)
/** `GET /api/lots/:id/bids`: a page, and the lot version it is complete at. */
export const BidPageSchema = Closed({
  ...Page(BidRowSchema).properties,
  version: Type.Integer({ minimum: 1 }),
})
const _bidPage: Same<Static<typeof BidPageSchema>, BidPage> = true

/** `GET /api/notifications`: a page, and how many are unread in all. */
export const NotificationPageSchema = Closed({
  ...Page(AppNotificationSchema).properties,
  unread: Type.Integer(),
})

/** `POST /api/notifications/read`. */
export const NotificationsReadSchema = Closed({
  updated: Type.Integer(),
  unread: Type.Integer(),
})

/** `PUT` and `DELETE /api/lots/:id/watch`. */
export const WatchingSchema = Closed({ lotId: Type.String(), watching: Type.Boolean() })
