import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { TOP_UP_STUCK_MINUTES } from '../../../common/admin.ts'
import { UUID_PATTERN } from '../../../common/wire.ts'
import { adminRefreshTopUp } from '../../commands/admin/refresh-top-up.ts'
import type { PaymentsDeps } from '../../commands/wallet/top-ups/payments.ts'
import { topUpsNeedingAttention } from '../../repositories/admin.ts'
import { AdminTopUpsSchema, RefreshedTopUpSchema } from '../../schemas/admin.ts'
import { responses } from '../../schemas/shared.ts'
import { requireAdmin } from './guard.ts'

const Params = Type.Object({ topUpId: Type.String({ pattern: UUID_PATTERN }) })
const ATTENTION_LIMIT = 50

/**
 * Top-ups that need a person: failed, unfinished for over an hour, or owed a card refund; and
 * "refresh from Stripe" on one of them (the member's own refresh, audited).
 */
const adminTopUpRoutes: FastifyPluginAsyncTypebox<PaymentsDeps> = async (app, deps) => {
  requireAdmin(app)

  app.get(
    '/admin/top-ups',
    { schema: { response: responses({ 200: AdminTopUpsSchema }) } },
    async () => ({
      items: await topUpsNeedingAttention(deps.db, {
        stuckMinutes: TOP_UP_STUCK_MINUTES,
        limit: ATTENTION_LIMIT,
      }),
    }),
  )

  app.post(
    '/admin/top-ups/:topUpId/refresh',
    { schema: { params: Params, response: responses({ 200: RefreshedTopUpSchema }) } },
    async (request) => {
      const admin = await request.requireUser()
      return adminRefreshTopUp(
        { ...deps, log: request.log },
        { adminId: admin.id, topUpId: request.params.topUpId },
      )
    },
  )
}

export default adminTopUpRoutes
