import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  FINAL_TOP_UP_STATUSES,
  TOP_UP_MAX,
  TOP_UP_MIN,
  type TopUpResponse,
} from '../../../common/wallet.ts'
import { idempotencyKeyOf } from '../../lib/idempotent.ts'
import { notFound } from '../../lib/problem.ts'
import { findTopUp, toTopUp } from '../../repositories/top-ups.ts'
import { requireStripe, type PaymentsDeps } from '../../commands/wallet/top-ups/payments.ts'
import type { Limit } from '../../lib/attempt-limiter.ts'
import { perMember } from '../../lib/member-limit.ts'
import { settleTopUpIntent } from '../../commands/wallet/top-ups/settle-top-up.ts'
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
    const stripe = requireStripe(deps.stripe)
    let topUp = await findTopUp(deps.db, request.params.id)
    if (!topUp || topUp.userId !== user.id) throw notFound('Top-up')
    // The return page asks here: if Stripe already knows the outcome, settle it now rather than
    // waiting for the webhook (both go through the same exactly-once path). One Stripe read.
    let clientSecret: string | null = null
    if (topUp.paymentIntentId && !FINAL_TOP_UP_STATUSES.includes(topUp.status)) {
      const pi = await stripe.paymentIntents.retrieve(topUp.paymentIntentId)
      await settleTopUpIntent({ ...deps, log: request.log }, pi)
      topUp = (await findTopUp(deps.db, topUp.id))!
      if (!FINAL_TOP_UP_STATUSES.includes(topUp.status)) clientSecret = pi.client_secret
    }
    const body: TopUpResponse = { topUp: toTopUp(topUp), clientSecret }
    return body
  })
}

export default topUpRoutes
