import { Type, type Static } from '@fastify/type-provider-typebox'
import type {
  OrderMessage,
  OrderMessagePage,
  OrderMessagesRead,
  OrderMessagesUnread,
} from '../../common/orders/messages.ts'
import type { Order, OrderDetail } from '../../common/orders/shapes.ts'
import { ORDER_STATES, type OrderMoveType } from '../../common/orders/states.ts'
import { Closed, Nullable, Page, Timestamp, type Same } from './shared.ts'

const MOVE_TYPES = [
  'choose_address',
  'choose_pickup',
  'ship',
  'confirm_receipt',
  'auto_complete',
  'open_problem',
  'resolve',
] as const satisfies readonly OrderMoveType[]
const Move = Type.Enum(MOVE_TYPES)
const State = Type.Enum(ORDER_STATES)
const Party = Closed({ id: Type.String({ format: 'uuid' }), name: Type.String() })

const ShipToSchema = Closed({
  name: Type.String(),
  line1: Type.String(),
  line2: Nullable(Type.String()),
  town: Type.String(),
  postalCode: Type.String(),
  country: Type.String(),
  phone: Nullable(Type.String()),
})

const orderFields = {
  id: Type.String({ format: 'uuid' }),
  lot: Closed({ id: Type.String({ format: 'uuid' }), title: Type.String() }),
  buyer: Party,
  seller: Party,
  viewer: Type.Union([Type.Literal('buyer'), Type.Literal('seller'), Type.Literal('admin')]),
  state: State,
  stateSince: Timestamp,
  delivery: Type.Union([Type.Literal('shipping'), Type.Literal('pickup'), Type.Literal('either')]),
  amounts: Closed({
    hammer: Type.Integer(),
    premium: Type.Integer(),
    shipping: Type.Integer(),
    buyerTotal: Type.Integer(),
    sellerFee: Type.Integer(),
    sellerProceeds: Type.Integer(),
  }),
  pickupTown: Nullable(Type.String()),
  shipTo: Nullable(ShipToSchema),
  carrier: Nullable(Type.String()),
  trackingNumber: Nullable(Type.String()),
  refundedAmount: Nullable(Type.Integer()),
  nextMoves: Type.Array(Move),
  autoCompleteAt: Nullable(Timestamp),
  shipBy: Nullable(Timestamp),
  createdAt: Timestamp,
  version: Type.Integer(),
  unreadMessages: Type.Integer({ minimum: 0 }),
}

export const OrderSchema = Closed(orderFields)
const _order: Same<Static<typeof OrderSchema>, Order> = true

export const OrderDetailSchema = Closed({
  ...orderFields,
  events: Type.Array(
    Closed({ state: State, move: Type.Enum([...MOVE_TYPES, 'created'] as const), at: Timestamp }),
  ),
})
const _detail: Same<Static<typeof OrderDetailSchema>, OrderDetail> = true

export const OrderPageSchema = Page(OrderSchema)

const Author = Closed({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  role: Type.Union([Type.Literal('buyer'), Type.Literal('seller'), Type.Literal('admin')]),
})

export const OrderMessageSchema = Closed({
  id: Type.Integer({ minimum: 1 }),
  orderId: Type.String({ format: 'uuid' }),
  author: Author,
  body: Type.String(),
  createdAt: Timestamp,
})
const _message: Same<Static<typeof OrderMessageSchema>, OrderMessage> = true

export const OrderMessagePageSchema = Page(OrderMessageSchema)
const _messages: Same<Static<typeof OrderMessagePageSchema>, OrderMessagePage> = true

export const OrderMessagesUnreadSchema = Closed({ count: Type.Integer({ minimum: 0 }) })
const _unread: Same<Static<typeof OrderMessagesUnreadSchema>, OrderMessagesUnread> = true

export const OrderMessagesReadSchema = Closed({
  unreadMessages: Type.Integer({ minimum: 0 }),
  count: Type.Integer({ minimum: 0 }),
})
const _read: Same<Static<typeof OrderMessagesReadSchema>, OrderMessagesRead> = true
