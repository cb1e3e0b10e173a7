import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { NUMERIC_CURSOR_PATTERN, UUID_PATTERN } from '../../../common/wire.ts'
import { adminRetryPayout } from '../../commands/admin/retry-payout.ts'
import type { MoneyOutDeps } from '../../commands/wallet/top-ups/payments.ts'
import { payoutsPage, toAdminPayout } from '../../repositories/payouts.ts'
import {
  AdminPayoutPageSchema,
  AdminPayoutSchema,
  PayoutStatusSchema,
} from '../../schemas/payouts.ts'
import { Closed, responses } from '../../schemas/shared.ts'
import { Reason, requireAdmin } from './guard.ts'

const ADMIN_PAYOUTS_PAGE = 50
const ListQuery = Type.Object(
  {
    status: Type.Optional(PayoutStatusSchema),
    cursor: Type.Optional(Type.String({ pattern: NUMERIC_CURSOR_PATTERN })),
  },
  { additionalProperties: false },
)
const Params = Type.Object({ payoutId: Type.String({ pattern: UUID_PATTERN }) })
const RetryBody = Type.Object({ reason: Reason }, { additionalProperties: false })

/**
 * Payouts for the admin area: every member's, newest first (`?status=` narrows them), and "try
 * again" on a pending or failed one (server/commands/admin/retry-payout.ts), audited.
 */
const adminPayoutRoutes: FastifyPluginAsyncTypebox<MoneyOutDeps> = async (app, deps) => {
  requireAdmin(app)

  app.get(
    '/admin/payouts',
    { schema: { querystring: ListQuery, response: responses({ 200: AdminPayoutPageSchema }) } },
    async (request) => {
      const before = request.query.cursor ? Number(request.query.cursor) : undefined
      const filter = request.query.status ? { status: request.query.status } : {}
      const page = await payoutsPage(deps.db, filter, before, ADMIN_PAYOUTS_PAGE)
      return { items: page.items.map(toAdminPayout), nextCursor: page.nextCursor }
    },
  )

  app.post(
    '/admin/payouts/:payoutId/retry',
    {
      schema: {
        params: Params,
        body: RetryBody,
        response: responses({ 200: Closed({ payout: AdminPayoutSchema }) }),
      },
    },
    async (request) => {
      const admin = await request.requireUser()
      const payout = await adminRetryPayout(
        { ...deps, log: request.log },
        { adminId: admin.id, payoutId: request.params.payoutId, reason: request.body.reason },
      )
      return { payout }
    },
  )
}

export default adminPayoutRoutes
