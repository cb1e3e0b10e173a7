import { Type, type Static } from '@fastify/type-provider-typebox'
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
