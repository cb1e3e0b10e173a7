import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { UUID_PATTERN } from '../../../common/wire.ts'
import { BALANCE_CAP } from '../../../common/wallet.ts'
import { adjustWallet } from '../../commands/admin/adjust-wallet.ts'
import { REPLAYED_HEADER } from '../../../common/config.ts'
import { idempotencyKeyOf } from '../../lib/idempotent.ts'
import { responses } from '../../schemas/shared.ts'
import { AdjustmentResponseSchema } from '../../schemas/wallet.ts'
import type { MoneyOutSettings } from '../../repositories/money-out.ts'
import type { PaymentsDeps } from '../../commands/wallet/top-ups/payments.ts'
import adminAuditRoutes from './audit.ts'
import { Reason, requireAdmin } from './guard.ts'
import adminLotRoutes from './lots.ts'
import adminMemberRoutes from './members.ts'
import adminTopUpRoutes from './top-ups.ts'

const Params = Type.Object({ userId: Type.String({ pattern: UUID_PATTERN }) })
const Body = Type.Object(
  {
    amount: Type.Integer({ minimum: -BALANCE_CAP, maximum: BALANCE_CAP, not: { const: 0 } }),
    reason: Reason,
  },
  { additionalProperties: false },
)
const Response = responses({ 201: AdjustmentResponseSchema })

/**
 * The admin area's API (decision 0027): every route is for admins only (401 for guests, 403 for
 * members, before the input is looked at), and every action writes its audit row in its own
 * transaction. Members, lots, top-ups needing attention and the audit are plugins of their own.
 *
 * `POST /api/admin/wallets/:userId/adjustments`: an admin credits or debits a wallet with a
 * reason, as an `adjustment` ledger entry. A debit may not take `available` below zero, a credit
 * may not take the balance over the cap; retried requests (same Idempotency-Key) apply once.
 */
const adminRoutes: FastifyPluginAsyncTypebox<PaymentsDeps & { money: MoneyOutSettings }> = async (
  app,
  deps,
) => {
  const { db, broadcaster, currency, money, stripe } = deps
  await app.register(adminMemberRoutes, { db, broadcaster, currency, money, stripe })
  await app.register(adminLotRoutes, { db, broadcaster, currency })
  await app.register(adminTopUpRoutes, deps)
  await app.register(adminAuditRoutes, { db })
  requireAdmin(app)
  app.post(
    '/admin/wallets/:userId/adjustments',
    { schema: { params: Params, body: Body, response: Response } },
    async (request, reply) => {
      const admin = await request.requireUser()
      const key = idempotencyKeyOf(request.headers, true)
      const { userId } = request.params
      const { amount, reason } = request.body
      const result = await adjustWallet(
        { db, currency },
        { adminId: admin.id, userId, amount, reason, key },
        { broadcaster },
      )
      if (result.replayed) void reply.header(REPLAYED_HEADER, 'true')
      return reply.status(result.statusCode).send(result.body)
    },
  )
}

export default adminRoutes
