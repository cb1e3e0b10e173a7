import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { TOP_UP_MAX, TOP_UP_MIN, type TopUpResponse } from '../../../common/wallet.ts'
import { idempotencyKeyOf } from '../../lib/idempotent.ts'
import { toTopUp } from '../../repositories/top-ups.ts'
import { requireStripe, type PaymentsDeps } from '../../commands/wallet/top-ups/payments.ts'
import type { Limit } from '../../lib/attempt-limiter.ts'
import { perMember } from '../../lib/member-limit.ts'
import { requireVerifiedEmail } from '../../lib/verified.ts'
import { refreshTopUp } from '../../commands/wallet/top-ups/refresh-top-up.ts'
import { createTopUp } from '../../commands/wallet/top-ups/start-top-up.ts'
import { UUID_PATTERN } from '../../../common/wire.ts'
import { responses } from '../../schemas/shared.ts'
import { TopUpResponseSchema } from '../../schemas/wallet.ts'

const TopUpBody = Type.Object(
  { amount: Type.Integer({ minimum: TOP_UP_MIN, maximum: TOP_UP_MAX }) },
  { additionalProperties: false },
)
const IdParams = Type.Object({ id: Type.String({ pattern: UUID_PATTERN }) })
const Start = { body: TopUpBody, response: responses({ 201: TopUpResponseSchema }) }
const Read = { params: IdParams, response: responses({ 200: TopUpResponseSchema }) }

/**
 * Card top-ups (docs/product.md §3): start one, and read its status (settling it if Stripe says
 * so).
 */
const topUpRoutes: FastifyPluginAsyncTypebox<
  PaymentsDeps & { startLimit: Limit; readLimit: Limit }
> = async (app, deps) => {
  // Both reach Stripe (a PaymentIntent created, or read while unsettled): counted per member.
  const startConfig = perMember('top-up-start', deps.startLimit)
  const readConfig = perMember('top-up-read', deps.readLimit)
  app.post('/wallet/top-ups', { schema: Start, config: startConfig }, async (request, reply) => {
    const user = await request.requireUser()
    requireStripe(deps.stripe)
    requireVerifiedEmail(user)
    const key = idempotencyKeyOf(request.headers, true)
    const { topUp, clientSecret } = await createTopUp(
      { ...deps, log: request.log },
      { userId: user.id, clientKey: key, amount: request.body.amount },
    )
    const body: TopUpResponse = { topUp: toTopUp(topUp), clientSecret }
    return reply.status(201).send(body)
  })

  app.get('/wallet/top-ups/:id', { schema: Read, config: readConfig }, async (request) => {
    const user = await request.requireUser()
    const { topUp, clientSecret } = await refreshTopUp(
      { ...deps, log: request.log },
      { userId: user.id, topUpId: request.params.id },
    )
    const body: TopUpResponse = { topUp: toTopUp(topUp), clientSecret }
    return body
  })
}

export default topUpRoutes
