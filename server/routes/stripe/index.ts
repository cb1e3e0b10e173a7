import type { FastifyPluginAsync } from 'fastify'
import type Stripe from 'stripe'
import { AppError } from '../../lib/problem.ts'
import { requireStripe, type PaymentsDeps } from '../../commands/wallet/top-ups/payments.ts'
import { receiveStripeEvent } from '../../commands/wallet/top-ups/receive-stripe-event.ts'
import { responses } from '../../schemas/shared.ts'
import { WebhookReceivedSchema } from '../../schemas/wallet.ts'

const schema = { response: responses({ 200: WebhookReceivedSchema }) }

/**
 * `POST /api/stripe/webhook`. The signature is verified on the raw bytes (this plugin parses JSON
 * bodies as Buffers); the event goes to receiveStripeEvent, which records it once and settles
 * PaymentIntent events. A failure to settle answers 500 so that Stripe delivers again; 2xx only
 * once the outcome is durable.
 */
const stripeWebhookRoutes: FastifyPluginAsync<
  PaymentsDeps & { webhookSecret?: string; connectWebhookSecret?: string }
> = async (app, deps) => {
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
      event = verifiedEvent(stripe, request.body, signature, [
        deps.webhookSecret,
        deps.connectWebhookSecret,
      ])
    } catch {
      throw new AppError(400, 'bad_request', 'The webhook signature is missing, wrong or too old.')
    }
    await receiveStripeEvent({ ...deps, log: request.log }, event)
    return reply.status(200).send({ received: true })
  })
}

export default stripeWebhookRoutes

/**
 * The event, checked against each endpoint's secret in turn: the account endpoint's, and the
 * Connect endpoint's (payout accounts' `account.updated` is sent only to a Connect endpoint,
 * which Stripe signs with its own secret). Throws when none verifies it.
 */
function verifiedEvent(
  stripe: Stripe,
  body: Buffer,
  signature: string,
  secrets: Array<string | undefined>,
): Stripe.Event {
  let failure: unknown
  for (const secret of secrets) {
    if (!secret) continue
    try {
      return stripe.webhooks.constructEvent(body, signature, secret)
    } catch (error) {
      failure = error
    }
  }
  throw failure ?? new Error('no webhook secret')
}
