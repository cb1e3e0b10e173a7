/** Orders on the wire (issue 29): what `GET /api/orders` and `GET /api/orders/:id` answer. */
import type { Address } from './addresses.ts'
import type { SaleAmounts } from './fees.ts'
import type { OrderDelivery, OrderMoveType, OrderState } from './states.ts'

/** Who is looking at an order; admins see every order (problems, disputes). */
export type OrderViewer = 'buyer' | 'seller' | 'admin'

/** The address an order ships to: a copy, so editing the book later changes no order. */
export type ShipTo = Omit<Address, 'id' | 'isDefault' | 'createdAt'>

/** One step of the order's timeline. */
export interface OrderEvent {
  state: OrderState
  move: OrderMoveType | 'created'
  at: string
}

export interface Order {
  id: string
  lot: { id: string; title: string }
  /** Display names: the two sides of a sale know each other's name (not their e-mail). */
  buyer: { id: string; name: string }
  seller: { id: string; name: string }
  viewer: OrderViewer
  state: OrderState
  stateSince: string
  delivery: OrderDelivery
  amounts: Omit<SaleAmounts, 'houseTake'>
  /** The pickup town the lot named, when it offered a pickup. */
  pickupTown: string | null
  shipTo: ShipTo | null
  carrier: string | null
  trackingNumber: string | null
  refundedAmount: number | null
  /** What the viewer can do now: the order screen's one next action (common/orders/states.ts). */
  nextMoves: OrderMoveType[]
  /** When time moves the order on by itself: auto-completion once shipped, else null. */
  autoCompleteAt: string | null
  /** When the buyer may open a problem on an unsent order; null in other states. */
  shipBy: string | null
  createdAt: string
  version: number
  /** Messages of others in the order's thread the viewer has not read (common/orders/messages.ts). */
  unreadMessages: number
}

/** `GET /api/orders/:id`: the order with its timeline. */
export interface OrderDetail extends Order {
  events: OrderEvent[]
}

export const ORDER_ROLES = ['buyer', 'seller'] as const
export type OrderListRole = (typeof ORDER_ROLES)[number]

/** `POST /api/orders/:id/shipment`: who carries it, and its tracking number when there is one. */
export const CARRIER_MAX_LENGTH = 60
export const TRACKING_NUMBER_MAX_LENGTH = 64
/** Letters, digits, spaces and dashes: what carriers print on a label. */
export const TRACKING_NUMBER_PATTERN = '^[A-Za-z0-9][A-Za-z0-9 -]*$'

/**
 * The house's fees over a period, from its ledger account: the buyer's premiums and the sellers'
 * fees that sales charged, what refunds took back from them, and what the house holds
 * (`premium + sellerFee − refunded`). Minor units.
 */
export interface FeeTotals {
  premium: number
  sellerFee: number
  refunded: number
  total: number
}

/** The days `GET /api/admin/fees` also counts back from now. */
export const RECENT_FEE_DAYS = 30

/** `GET /api/admin/fees`: all time, and the last `RECENT_FEE_DAYS` days. */
export interface AdminFees {
  currency: string
  allTime: FeeTotals
  recent: FeeTotals
}
