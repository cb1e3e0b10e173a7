import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { VISIBLE_TEXT_FORMAT } from '../../../common/auction.ts'
import { REPLAYED_HEADER } from '../../../common/config.ts'
import {
  CARRIER_MAX_LENGTH,
  ORDER_ROLES,
  TRACKING_NUMBER_MAX_LENGTH,
  TRACKING_NUMBER_PATTERN,
} from '../../../common/orders/shapes.ts'
import type { OrderMove } from '../../../common/orders/states.ts'
import { NUMERIC_CURSOR_PATTERN, UUID_PATTERN } from '../../../common/wire.ts'
import { moveOrder, type MoveDetails, type OrderDeps } from '../../commands/orders/move-order.ts'
import { toOrder, toOrderDetail, viewerOf } from '../../commands/orders/order-view.ts'
import { idempotencyKeyOf } from '../../lib/idempotent.ts'
import { notFound } from '../../lib/problem.ts'
import { unreadByOrder, unreadIn } from '../../repositories/order-messages.ts'
import { findOrder, orderEvents, ordersOf } from '../../repositories/orders.ts'
import { OrderDetailSchema, OrderPageSchema } from '../../schemas/orders.ts'
import { responses } from '../../schemas/shared.ts'

export const OrderParams = Type.Object(
  { id: Type.String({ pattern: UUID_PATTERN }) },
  { additionalProperties: false },
)
const ListQuery = Type.Object(
  {
    role: Type.Enum(ORDER_ROLES),
    cursor: Type.Optional(Type.String({ pattern: NUMERIC_CURSOR_PATTERN })),
  },
  { additionalProperties: false },
)
const AddressBody = Type.Object(
  { addressId: Type.String({ pattern: UUID_PATTERN }) },
  { additionalProperties: false },
)
const ShipmentBody = Type.Object(
  {
    carrier: Type.String({
      minLength: 1,
      maxLength: CARRIER_MAX_LENGTH,
      format: VISIBLE_TEXT_FORMAT,
    }),
    trackingNumber: Type.Optional(
      Type.String({ maxLength: TRACKING_NUMBER_MAX_LENGTH, pattern: TRACKING_NUMBER_PATTERN }),
    ),
  },
  { additionalProperties: false },
)
const MoveAnswer = responses({ 200: OrderDetailSchema })

/**
 * A member's orders (issue 29): theirs as buyer or seller, one order to its buyer, its seller and
 * admins only (404 to anyone else), and the moves each side makes. Every move takes an
 * Idempotency-Key and answers the order as it now stands.
 */
const orderRoutes: FastifyPluginAsyncTypebox<OrderDeps> = async (app, deps) => {
  app.get(
    '/orders',
    { schema: { querystring: ListQuery, response: responses({ 200: OrderPageSchema }) } },
    async (request) => {
      const user = await request.requireUser()
      const { role, cursor } = request.query
      const page = await ordersOf(deps.db, {
        userId: user.id,
        role,
        before: cursor === undefined ? undefined : Number(cursor),
      })
      const now = new Date()
      const unread = await unreadByOrder(
        deps.db,
        user.id,
        page.items.map((o) => o.id),
      )
      return {
        items: page.items.map((order) =>
          toOrder(order, role, deps.deadlines, now, unread.get(order.id) ?? 0),
        ),
        nextCursor: page.nextCursor,
      }
    },
  )

  app.get(
    '/orders/:id',
    { schema: { params: OrderParams, response: MoveAnswer } },
    async (request) => {
      const user = await request.requireUser()
      const order = await findOrder(deps.db, request.params.id)
      const viewer = order && viewerOf(order, user)
      if (!order || !viewer) throw notFound('Order')
      const events = await orderEvents(deps.db, order.id)
      const unread = await unreadIn(deps.db, user.id, order.id)
      return toOrderDetail(order, events, viewer, deps.deadlines, new Date(), unread)
    },
  )

  const move = async (
    request: FastifyRequest & { params: { id: string } },
    reply: FastifyReply,
    orderMove: OrderMove,
    details: MoveDetails = {},
  ) => {
    const user = await request.requireUser()
    const result = await moveOrder(
      deps,
      {
        orderId: request.params.id,
        user,
        move: orderMove,
        key: idempotencyKeyOf(request.headers, true),
        ...details,
      },
      { broadcaster: app.broadcaster, socketId: request.socketId },
    )
    if (result.replayed) void reply.header(REPLAYED_HEADER, 'true')
    return result.body
  }

  app.put(
    '/orders/:id/address',
    { schema: { params: OrderParams, body: AddressBody, response: MoveAnswer } },
    (request, reply) =>
      move(request, reply, { type: 'choose_address' }, { addressId: request.body.addressId }),
  )
  app.post(
    '/orders/:id/pickup',
    { schema: { params: OrderParams, response: MoveAnswer } },
    (request, reply) => move(request, reply, { type: 'choose_pickup' }),
  )
  app.post(
    '/orders/:id/shipment',
    { schema: { params: OrderParams, body: ShipmentBody, response: MoveAnswer } },
    (request, reply) =>
      move(
        request,
        reply,
        { type: 'ship' },
        {
          shipment: {
            carrier: request.body.carrier.trim(),
            trackingNumber: request.body.trackingNumber?.trim() || null,
          },
        },
      ),
  )
  app.post(
    '/orders/:id/receipt',
    { schema: { params: OrderParams, response: MoveAnswer } },
    (request, reply) => move(request, reply, { type: 'confirm_receipt' }),
  )
  app.post(
    '/orders/:id/problem',
    { schema: { params: OrderParams, response: MoveAnswer } },
    (request, reply) => move(request, reply, { type: 'open_problem' }),
  )
}

export default orderRoutes
