import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { REPLAYED_HEADER } from '../../../common/config.ts'
import { ORDER_MESSAGE_MAX_LENGTH, ORDER_MESSAGE_PAGE } from '../../../common/orders/messages.ts'
import { NUMERIC_CURSOR_PATTERN } from '../../../common/wire.ts'
import { postOrderMessage, threadViewer } from '../../commands/orders/order-messages.ts'
import type { Database } from '../../db/types.ts'
import type { Limit } from '../../lib/attempt-limiter.ts'
import { idempotencyKeyOf } from '../../lib/idempotent.ts'
import { perMember } from '../../lib/member-limit.ts'
import {
  markThreadRead,
  orderMessages,
  unreadIn,
  unreadTotal,
} from '../../repositories/order-messages.ts'
import { findOrder } from '../../repositories/orders.ts'
import {
  OrderMessagePageSchema,
  OrderMessageSchema,
  OrderMessagesReadSchema,
  OrderMessagesUnreadSchema,
} from '../../schemas/orders.ts'
import { responses } from '../../schemas/shared.ts'
import { OrderParams } from './index.ts'

const PageQuery = Type.Object(
  { cursor: Type.Optional(Type.String({ pattern: NUMERIC_CURSOR_PATTERN })) },
  { additionalProperties: false },
)
// Room for the white space trimmed off; the length that counts is checked after the trim.
const SendBody = Type.Object(
  { body: Type.String({ minLength: 1, maxLength: 2 * ORDER_MESSAGE_MAX_LENGTH }) },
  { additionalProperties: false },
)
const ReadBody = Type.Object(
  // A message's id: everything up to it is read.
  { upTo: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) },
  { additionalProperties: false },
)

export interface OrderMessageDeps {
  db: Database
  /** Messages one member may send per window (ORDER_MESSAGE_LIMIT_PER_MEMBER). */
  sendLimit: Limit
}

/**
 * An order's message thread (issue 29): its pages (newest first), a message (rate-limited per
 * member, Idempotency-Key optional so an offline send replays once), marking it read, and the
 * member's unread total for the Orders badge. Who may use a thread: commands/orders/order-messages.ts.
 */
const orderMessageRoutes: FastifyPluginAsyncTypebox<OrderMessageDeps> = async (app, deps) => {
  app.get(
    '/orders/unread',
    { schema: { response: responses({ 200: OrderMessagesUnreadSchema }) } },
    async (request) => {
      const user = await request.requireUser()
      return { count: await unreadTotal(deps.db, user.id) }
    },
  )

  app.get(
    '/orders/:id/messages',
    {
      schema: {
        params: OrderParams,
        querystring: PageQuery,
        response: responses({ 200: OrderMessagePageSchema }),
      },
    },
    async (request) => {
      const user = await request.requireUser()
      const order = await findOrder(deps.db, request.params.id)
      await threadViewer(deps.db, order, user, 'read')
      const { cursor } = request.query
      const before = cursor === undefined ? undefined : Number(cursor)
      return orderMessages(deps.db, request.params.id, before, ORDER_MESSAGE_PAGE)
    },
  )

  app.post(
    '/orders/:id/messages',
    {
      schema: {
        params: OrderParams,
        body: SendBody,
        response: responses({ 201: OrderMessageSchema }),
      },
      config: perMember('order-message', deps.sendLimit),
    },
    async (request, reply) => {
      const user = await request.requireUser()
      const result = await postOrderMessage(
        deps.db,
        {
          orderId: request.params.id,
          user,
          body: request.body.body,
          key: idempotencyKeyOf(request.headers, false),
        },
        { broadcaster: app.broadcaster, socketId: request.socketId },
      )
      if (result.replayed) void reply.header(REPLAYED_HEADER, 'true')
      return reply.code(result.statusCode).send(result.body)
    },
  )

  app.post(
    '/orders/:id/messages/read',
    {
      schema: {
        params: OrderParams,
        body: ReadBody,
        response: responses({ 200: OrderMessagesReadSchema }),
      },
    },
    async (request) => {
      const user = await request.requireUser()
      const orderId = request.params.id
      await threadViewer(deps.db, await findOrder(deps.db, orderId), user, 'read')
      await markThreadRead(deps.db, user.id, orderId, request.body.upTo)
      return {
        unreadMessages: await unreadIn(deps.db, user.id, orderId),
        count: await unreadTotal(deps.db, user.id),
      }
    },
  )
}

export default orderMessageRoutes
