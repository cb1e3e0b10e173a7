import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { REPLAYED_HEADER } from '../../../common/config.ts'
import { ORDER_STATES } from '../../../common/orders/states.ts'
import { BALANCE_CAP } from '../../../common/wallet.ts'
import { NUMERIC_CURSOR_PATTERN } from '../../../common/wire.ts'
import { moveOrder, type OrderDeps } from '../../commands/orders/move-order.ts'
import { toOrder } from '../../commands/orders/order-view.ts'
import { idempotencyKeyOf } from '../../lib/idempotent.ts'
import { AppError } from '../../lib/problem.ts'
import { unreadByOrder } from '../../repositories/order-messages.ts'
import { ordersInState } from '../../repositories/orders.ts'
import { OrderDetailSchema, OrderPageSchema } from '../../schemas/orders.ts'
import { responses } from '../../schemas/shared.ts'
import { OrderParams } from '../orders/index.ts'
import { Reason, requireAdmin } from './guard.ts'

const ListQuery = Type.Object(
  {
    state: Type.Optional(Type.Enum(ORDER_STATES)),
    cursor: Type.Optional(Type.String({ pattern: NUMERIC_CURSOR_PATTERN })),
  },
  { additionalProperties: false },
)
const ResolutionBody = Type.Object(
  {
    outcome: Type.Union([Type.Literal('refund'), Type.Literal('complete')]),
    /** For a refund: what goes back to the buyer (default: all they paid). */
    amount: Type.Optional(Type.Integer({ minimum: 1, maximum: BALANCE_CAP })),
    reason: Reason,
  },
  { additionalProperties: false },
)

/**
 * Orders for admins (issue 29): every order or those in one state (`?state=problem` is the problem
 * queue), and the resolution of a problem — a refund, full or partial, or completion — audited
 * with its reason.
 */
const adminOrderRoutes: FastifyPluginAsyncTypebox<OrderDeps> = async (app, deps) => {
  requireAdmin(app)
  app.get(
    '/admin/orders',
    { schema: { querystring: ListQuery, response: responses({ 200: OrderPageSchema }) } },
    async (request) => {
      const { state, cursor } = request.query
      const page = await ordersInState(deps.db, {
        state,
        before: cursor === undefined ? undefined : Number(cursor),
      })
      const now = new Date()
      const admin = await request.requireUser()
      const unread = await unreadByOrder(
        deps.db,
        admin.id,
        page.items.map((o) => o.id),
      )
      return {
        items: page.items.map((order) =>
          toOrder(order, 'admin', deps.deadlines, now, unread.get(order.id) ?? 0),
        ),
        nextCursor: page.nextCursor,
      }
    },
  )

  app.post(
    '/admin/orders/:id/resolution',
    {
      schema: {
        params: OrderParams,
        body: ResolutionBody,
        response: responses({ 200: OrderDetailSchema }),
      },
    },
    async (request, reply) => {
      const admin = await request.requireUser()
      const { outcome, amount, reason } = request.body
      if (outcome === 'complete' && amount !== undefined) {
        throw new AppError(422, 'validation_failed', 'Some fields need attention.', {
          amount: 'Only a refund takes an amount.',
        })
      }
      const result = await moveOrder(
        deps,
        {
          orderId: request.params.id,
          user: admin,
          move: { type: 'resolve', outcome },
          key: idempotencyKeyOf(request.headers, true),
          resolution: { reason: reason.trim(), amount },
        },
        { broadcaster: app.broadcaster, socketId: request.socketId },
      )
      if (result.replayed) void reply.header(REPLAYED_HEADER, 'true')
      return result.body
    },
  )
}

export default adminOrderRoutes
