import type { FastifyPluginAsync } from 'fastify'
import type Stripe from 'stripe'
import { AppError } from '../../lib/problem.ts'
import { markStripeEventProcessed, recordStripeEvent } from '../../repositories/top-ups.ts'
import { requireStripe, type PaymentsDeps } from '../../commands/wallet/top-ups/payments.ts'
import { settleTopUp } from '../../commands/wallet/top-ups/settle-top-up.ts'
import { responses } from '../../schemas/shared.ts'
import { WebhookReceivedSchema } from '../../schemas/wallet.ts'

const HANDLED = new Set([
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'payment_intent.processing',
  'payment_intent.requires_action',
])
const schema = { response: responses({ 200: WebhookReceivedSchema }) }

/**
 * `POST /api/stripe/webhook`. The signature is verified on the raw bytes (this plugin parses JSON
 * bodies as Buffers), the event is recorded once, and PaymentIntent events go through
 * settleTopUp — which re-reads the intent, so order and redeliveries do not matter. A failure to
 * settle answers 500 so that Stripe delivers again; 2xx only once the outcome is durable.
 */
const stripeWebhookRoutes: FastifyPluginAsync<PaymentsDeps & { webhookSecret?: string }> = async (
  app,
  deps,
) => {
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: 512 * 1024 },
    (_r, body, done) => done(null, body),
  )

  // Stripe's servers post here, not a browser: the signature below replaces the CSRF header.
  app.post('/stripe/webhook', { config: { csrf: false }, schema }, async (request, reply) => {
    const stripe = requireStripe(deps.stripe)
    if (!deps.webhookSecret) {
      throw new AppError(
        503,
        'payments_not_configured',
        'The Stripe webhook secret is not configured.',
      )
    }
    const signature = request.headers['stripe-signature']
    let event: Stripe.Event
    try {
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body))
        throw new Error('unsigned')
      event = stripe.webhooks.constructEvent(request.body, signature, deps.webhookSecret)
    } catch {
      throw new AppError(400, 'bad_request', 'The webhook signature is missing, wrong or too old.')
    }
    const object = event.data.object as { object?: string; id?: string }
    const paymentIntentId = object.object === 'payment_intent' ? (object.id ?? null) : null
    await recordStripeEvent(deps.db, { id: event.id, type: event.type, paymentIntentId })
    if (HANDLED.has(event.type) && paymentIntentId) {
      const outcome = await settleTopUp({ ...deps, log: request.log }, paymentIntentId)
      request.log.info({ event: event.id, type: event.type, outcome }, 'stripe event settled')
    }
    await markStripeEventProcessed(deps.db, event.id)
    return reply.status(200).send({ received: true })
  })
}

export default stripeWebhookRoutes
