import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { IDEMPOTENCY_HEADER } from '../../../common/config.ts'
import {
  FINAL_TOP_UP_STATUSES,
  TOP_UP_MAX,
  TOP_UP_MIN,
  type TopUpResponse,
} from '../../../common/wallet.ts'
import { AppError, notFound } from '../../lib/problem.ts'
import { findTopUp, toTopUp } from '../../repositories/top-ups.ts'
import {
  createTopUp,
  requireStripe,
  settleTopUpIntent,
  type PaymentsDeps,
} from '../../services/top-ups.ts'

const TopUpBody = Type.Object(
  { amount: Type.Integer({ minimum: TOP_UP_MIN, maximum: TOP_UP_MAX }) },
  { additionalProperties: false },
)
const IdParams = Type.Object({
  id: Type.String({ pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' }),
})
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/

/** Card top-ups (DESIGN §3): start one, and read its status (settling it if Stripe says so). */
const topUpRoutes: FastifyPluginAsyncTypebox<PaymentsDeps> = async (app, deps) => {
  app.post('/wallet/top-ups', { schema: { body: TopUpBody } }, async (request, reply) => {
    const user = await request.requireUser()
    requireStripe(deps.stripe)
    const key = request.headers[IDEMPOTENCY_HEADER.toLowerCase()]
    if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
      throw new AppError(
        400,
        'idempotency_key_required',
        `Top-ups need an ${IDEMPOTENCY_HEADER} header (8–100 letters, digits, - or _).`,
      )
    }
    const { topUp, clientSecret } = await createTopUp(
      { ...deps, log: request.log },
      { userId: user.id, clientKey: key, amount: request.body.amount },
    )
    const body: TopUpResponse = { topUp: toTopUp(topUp), clientSecret }
    return reply.status(201).send(body)
  })

  app.get('/wallet/top-ups/:id', { schema: { params: IdParams } }, async (request) => {
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
