import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { MoneyOutDeps } from '../../commands/wallet/top-ups/payments.ts'
import type { MoneyOutView } from '../../../common/money-out.ts'
import { BALANCE_CAP } from '../../../common/wallet.ts'
import { REPLAYED_HEADER } from '../../../common/config.ts'
import { NUMERIC_CURSOR_PATTERN } from '../../../common/wire.ts'
import { requireStripe } from '../../commands/wallet/top-ups/payments.ts'
import {
  createWithdrawal,
  readMoneyOut,
} from '../../commands/wallet/withdrawals/create-withdrawal.ts'
import type { Limit } from '../../lib/attempt-limiter.ts'
import { idempotencyKeyOf } from '../../lib/idempotent.ts'
import { perMember } from '../../lib/member-limit.ts'
import { withdrawalPage } from '../../repositories/withdrawals.ts'
import { responses } from '../../schemas/shared.ts'
import {
  MoneyOutViewSchema,
  WithdrawalPageSchema,
  WithdrawalSchema,
} from '../../schemas/withdrawals.ts'

const WithdrawalBody = Type.Object(
  { amount: Type.Integer({ minimum: 1, maximum: BALANCE_CAP }) },
  { additionalProperties: false },
)
const PageQuery = Type.Object(
  { cursor: Type.Optional(Type.String({ pattern: NUMERIC_CURSOR_PATTERN })) },
  { additionalProperties: false },
)

/**
 * Money out for members (docs/product.md §3, decision 0053): what can leave and where it would
 * go, withdrawing to the cards it came from (and by payout for the rest), and the withdrawals made.
 */
const withdrawalRoutes: FastifyPluginAsyncTypebox<MoneyOutDeps & { limit: Limit }> = async (
  app,
  deps,
) => {
  app.get(
    '/wallet/money-out',
    { schema: { response: responses({ 200: MoneyOutViewSchema }) } },
    async (request): Promise<MoneyOutView> => {
      const user = await request.requireUser()
      return readMoneyOut(deps, deps.db, user.id)
    },
  )

  app.post(
    '/wallet/withdrawals',
    {
      schema: { body: WithdrawalBody, response: responses({ 201: WithdrawalSchema }) },
      // Each one reaches Stripe: counted per member.
      config: perMember('money-out', deps.limit),
    },
    async (request, reply) => {
      const user = await request.requireUser()
      requireStripe(deps.stripe)
      const key = idempotencyKeyOf(request.headers, true)
      const { withdrawal, replayed } = await createWithdrawal(
        { ...deps, log: request.log },
        { userId: user.id, clientKey: key, amount: request.body.amount },
      )
      if (replayed) void reply.header(REPLAYED_HEADER, 'true')
      return reply.status(201).send(withdrawal)
    },
  )

  app.get(
    '/wallet/withdrawals',
    { schema: { querystring: PageQuery, response: responses({ 200: WithdrawalPageSchema }) } },
    async (request) => {
      const user = await request.requireUser()
      const before = request.query.cursor ? Number(request.query.cursor) : undefined
      const page = await withdrawalPage(deps.db, { userId: user.id, before })
      return { ...page, items: page.items.map(({ userId: _u, ...w }) => w) }
    },
  )
}

export default withdrawalRoutes
