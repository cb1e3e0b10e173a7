import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { VISIBLE_TEXT_FORMAT } from '../../../common/auction.ts'
import { UUID_PATTERN } from '../../../common/wire.ts'
import { BALANCE_CAP } from '../../../common/wallet.ts'
import { adjustWallet } from '../../commands/admin/adjust-wallet.ts'
import type { Database } from '../../db/types.ts'
import type { Broadcaster } from '../../lib/broadcaster.ts'
import { forbidden } from '../../lib/problem.ts'
import { REPLAYED_HEADER } from '../../../common/config.ts'
import { idempotencyKeyOf } from '../../lib/idempotent.ts'
import { responses } from '../../schemas/shared.ts'
import { AdjustmentResponseSchema } from '../../schemas/wallet.ts'

const Params = Type.Object({ userId: Type.String({ pattern: UUID_PATTERN }) })
const Body = Type.Object(
  {
    amount: Type.Integer({ minimum: -BALANCE_CAP, maximum: BALANCE_CAP, not: { const: 0 } }),
    reason: Type.String({ minLength: 3, maxLength: 200, format: VISIBLE_TEXT_FORMAT }),
  },
  { additionalProperties: false },
)
const Response = responses({ 201: AdjustmentResponseSchema })

/**
 * `POST /api/admin/wallets/:userId/adjustments`: an admin credits or debits a wallet with a
 * reason, as an `adjustment` ledger entry. A debit may not take `available` below zero, a credit
 * may not take the balance over the cap; retried requests (same Idempotency-Key) apply once.
 */
const adminRoutes: FastifyPluginAsyncTypebox<{
  db: Database
  broadcaster: Broadcaster
  currency: string
}> = async (app, { db, broadcaster, currency }) => {
  app.post(
    '/admin/wallets/:userId/adjustments',
    { schema: { params: Params, body: Body, response: Response } },
    async (request, reply) => {
      const admin = await request.requireUser()
      if (admin.role !== 'admin') throw forbidden('Only administrators can adjust wallets.')
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
