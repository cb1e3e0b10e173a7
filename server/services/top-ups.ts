import type Stripe from 'stripe'
import type { FastifyBaseLogger } from 'fastify'
import { BALANCE_CAP, TOP_UP_MAX, TOP_UP_MIN, type TopUpStatus } from '../../common/wallet.ts'
import type { Database } from '../db/types.ts'
import type { Broadcaster } from '../lib/broadcaster.ts'
import { AppError } from '../lib/problem.ts'
import { insertNotification } from '../repositories/notifications.ts'
import {
  attachPaymentIntent,
  creditTopUp,
  findTopUp,
  insertOrGetTopUp,
  updateTopUpStatus,
  type TopUpRecord,
} from '../repositories/top-ups.ts'
import { lockWallets, walletOf } from '../repositories/wallets.ts'
import { Publication } from '../lib/publication.ts'

export interface PaymentsDeps {
  db: Database
  stripe: Stripe | null
  broadcaster: Broadcaster
  currency: string
  log?: FastifyBaseLogger
}

export function requireStripe(stripe: Stripe | null): Stripe {
  if (!stripe) {
    throw new AppError(
      503,
      'payments_not_configured',
      'Card payments are not configured on this server.',
    )
  }
  return stripe
}

/**
 * Starts (or resumes) a top-up. The amount is decided here, within the limits; the client's
 * Idempotency-Key maps to one top-up row, and that row's id is our idempotency key at Stripe, so
 * double clicks, reloads and lost responses all land on the same PaymentIntent.
 */
export async function createTopUp(
  deps: PaymentsDeps,
  input: { userId: string; clientKey: string; amount: number },
): Promise<{ topUp: TopUpRecord; clientSecret: string | null }> {
  const stripe = requireStripe(deps.stripe)
  if (!Number.isInteger(input.amount) || input.amount < TOP_UP_MIN || input.amount > TOP_UP_MAX) {
    throw new AppError(422, 'validation_failed', 'The amount is outside the top-up limits.', {
      amount: `Top up between ${TOP_UP_MIN / 100} and ${TOP_UP_MAX / 100}.`,
    })
  }
  const wallet = await walletOf(deps.db, input.userId, deps.currency)
  let topUp = await insertOrGetTopUp(deps.db, { ...input, currency: deps.currency })
  if (topUp.amount !== input.amount) {
    throw new AppError(
      422,
      'idempotency_key_reused',
      'This Idempotency-Key was already used for a top-up of another amount.',
    )
  }
  if (!topUp.paymentIntentId && wallet.balance + input.amount > BALANCE_CAP) {
    throw new AppError(
      422,
      'balance_cap_exceeded',
      'This top-up would take the balance over the cap.',
      {
        amount: `Your balance can hold at most ${BALANCE_CAP / 100}.`,
      },
    )
  }
  if (topUp.paymentIntentId) {
    const pi = await stripe.paymentIntents.retrieve(topUp.paymentIntentId)
    return { topUp, clientSecret: isFinal(topUp.status) ? null : pi.client_secret }
  }
  const pi = await stripe.paymentIntents.create(
    {
      amount: topUp.amount,
      currency: topUp.currency.toLowerCase(),
      // Cards only: no redirects out of an installed PWA; 3-D Secure runs in Stripe's modal.
      allowed_payment_method_types: ['card'],
      metadata: { top_up_id: topUp.id, user_id: topUp.userId },
      description: 'Lotline wallet top-up',
    },
    { idempotencyKey: `top-up:${topUp.id}` },
  )
  await attachPaymentIntent(deps.db, topUp.id, pi.id)
  topUp = (await findTopUp(deps.db, topUp.id))!
  return { topUp, clientSecret: pi.client_secret }
}

const isFinal = (status: TopUpStatus) => status === 'succeeded' || status === 'canceled'

export function statusFromIntent(pi: Stripe.PaymentIntent): {
  status: TopUpStatus
  failureMessage: string | null
} {
  switch (pi.status) {
    case 'succeeded':
      return { status: 'succeeded', failureMessage: null }
    case 'processing':
      return { status: 'processing', failureMessage: null }
    case 'requires_action':
      return { status: 'requires_action', failureMessage: null }
    case 'canceled':
      return { status: 'canceled', failureMessage: null }
    case 'requires_payment_method':
      return pi.last_payment_error
        ? {
            status: 'failed',
            failureMessage: pi.last_payment_error.message ?? 'The card was declined.',
          }
        : { status: 'created', failureMessage: null }
    default:
      return { status: 'created', failureMessage: null }
  }
}

export type SettleOutcome = 'credited' | 'already_credited' | 'updated' | 'unchanged' | 'ignored'

/**
 * The one path that credits a top-up — called by the webhook, by `GET /api/wallet/top-ups/:id`
 * after the return, and by the reconciler. It always re-reads the PaymentIntent from Stripe, so
 * event order does not matter, locks the top-up row, checks the intent matches it, and credits
 * through a unique key on the PaymentIntent id: whoever comes first credits, the rest find it done.
 * `succeeded` never moves backwards.
 */
export async function settleTopUp(
  deps: PaymentsDeps,
  paymentIntentId: string,
): Promise<SettleOutcome> {
  const stripe = requireStripe(deps.stripe)
  return settleTopUpIntent(deps, await stripe.paymentIntents.retrieve(paymentIntentId))
}

/** settleTopUp with an intent just read from Stripe (so a caller needing it reads it once). */
export async function settleTopUpIntent(
  deps: PaymentsDeps,
  pi: Stripe.PaymentIntent,
): Promise<SettleOutcome> {
  const topUpId = pi.metadata?.top_up_id
  if (!topUpId) return 'ignored'
  const publication = new Publication()
  const outcome = await deps.db.transaction(async (tx): Promise<SettleOutcome> => {
    const topUp = await findTopUp(tx, topUpId, true)
    if (!topUp) return 'ignored'
    if (
      (topUp.paymentIntentId && topUp.paymentIntentId !== pi.id) ||
      pi.metadata.user_id !== topUp.userId ||
      pi.currency.toUpperCase() !== topUp.currency ||
      pi.amount !== topUp.amount
    ) {
      deps.log?.error(
        { topUpId, paymentIntentId: pi.id },
        'PaymentIntent does not match its top-up',
      )
      return 'ignored'
    }
    if (topUp.status === 'succeeded') return 'already_credited'
    const next = statusFromIntent(pi)
    if (next.status === 'succeeded') {
      if (pi.amount_received !== topUp.amount) return 'unchanged'
      await lockWallets(tx, [topUp.userId])
      const credited = await creditTopUp(tx, {
        userId: topUp.userId,
        amount: topUp.amount,
        paymentIntentId: pi.id,
        topUpId: topUp.id,
      })
      await attachPaymentIntent(tx, topUp.id, pi.id)
      await updateTopUpStatus(tx, topUp.id, 'succeeded', null, credited)
      if (!credited) return 'already_credited'
      publication.walletUpdated(topUp.userId, await walletOf(tx, topUp.userId, deps.currency))
      const { notification } = await insertNotification(tx, {
        userId: topUp.userId,
        kind: 'top_up_succeeded',
        lotId: null,
        data: { topUpId: topUp.id, amount: topUp.amount, currency: topUp.currency },
      })
      publication.notify(topUp.userId, notification)
      return 'credited'
    }
    if (next.status === topUp.status && next.failureMessage === topUp.failureMessage)
      return 'unchanged'
    await updateTopUpStatus(tx, topUp.id, next.status, next.failureMessage)
    if (next.status === 'failed' || next.status === 'canceled') {
      const { notification } = await insertNotification(tx, {
        userId: topUp.userId,
        kind: 'top_up_failed',
        lotId: null,
        data: {
          topUpId: topUp.id,
          amount: topUp.amount,
          currency: topUp.currency,
          status: next.status,
          message: next.failureMessage,
        },
      })
      publication.notify(topUp.userId, notification)
    }
    return 'updated'
  })
  await publication.send(deps.broadcaster)
  return outcome
}
