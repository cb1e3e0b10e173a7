import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { NUMERIC_CURSOR_PATTERN, UUID_PATTERN } from '../../../common/wire.ts'
import type { MoneyOutDeps } from '../../commands/wallet/top-ups/payments.ts'
import { retryWithdrawal } from '../../commands/wallet/withdrawals/retry-withdrawal.ts'
import { requireStripe } from '../../commands/wallet/top-ups/payments.ts'
import { latestReport, reconcileMoney } from '../../jobs/reconcile-money.ts'
import { withdrawalPage } from '../../repositories/withdrawals.ts'
import { responses } from '../../schemas/shared.ts'
import {
  AdminWithdrawalPageSchema,
  ReconciliationReportSchema,
  WithdrawalSchema,
} from '../../schemas/withdrawals.ts'
import { Reason, requireAdmin } from './guard.ts'

const ListQuery = Type.Object(
  {
    cursor: Type.Optional(Type.String({ pattern: NUMERIC_CURSOR_PATTERN })),
    status: Type.Optional(
      Type.Union([
        Type.Literal('pending'),
        Type.Literal('completed'),
        Type.Literal('partly_failed'),
        Type.Literal('failed'),
      ]),
    ),
  },
  { additionalProperties: false },
)
const Params = Type.Object({ id: Type.String({ pattern: UUID_PATTERN }) })
const RetryBody = Type.Object({ reason: Reason }, { additionalProperties: false })
const Report = { response: responses({ 200: ReconciliationReportSchema }) }

/**
 * Withdrawals for admins (decision 0053): every member's, newest first (optionally of one
 * status); retrying a failed or stuck one (audited); and the reconciliation with Stripe — the
 * latest report, and running it now.
 */
const adminWithdrawalRoutes: FastifyPluginAsyncTypebox<MoneyOutDeps> = async (app, deps) => {
  requireAdmin(app)

  app.get(
    '/admin/withdrawals',
    { schema: { querystring: ListQuery, response: responses({ 200: AdminWithdrawalPageSchema }) } },
    async (request) => {
      const { cursor, status } = request.query
      return withdrawalPage(deps.db, { status, before: cursor ? Number(cursor) : undefined })
    },
  )

  app.post(
    '/admin/withdrawals/:id/retry',
    {
      schema: { params: Params, body: RetryBody, response: responses({ 200: WithdrawalSchema }) },
    },
    async (request) => {
      const admin = await request.requireUser()
      return retryWithdrawal(
        { ...deps, log: request.log },
        { adminId: admin.id, withdrawalId: request.params.id, reason: request.body.reason },
      )
    },
  )

  app.get('/admin/reconciliation', { schema: Report }, async () => ({
    report: await latestReport(deps.db),
  }))

  app.post('/admin/reconciliation', { schema: Report }, async (request) => ({
    report: await reconcileMoney({ ...deps, stripe: requireStripe(deps.stripe), log: request.log }),
  }))
}

export default adminWithdrawalRoutes
