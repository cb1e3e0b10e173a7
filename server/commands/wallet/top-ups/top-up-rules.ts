import type Stripe from 'stripe'
import {
  BALANCE_CAP,
  FINAL_TOP_UP_STATUSES,
  TOP_UP_MAX,
  TOP_UP_MIN,
  type TopUpStatus,
} from '../../../../common/wallet.ts'
import { AppError } from '../../../lib/problem.ts'
import type { TopUpRecord } from '../../../repositories/top-ups.ts'

/** The pure decisions of the top-up commands: limits, the cap, and what a PaymentIntent means. */

export const isFinal = (status: TopUpStatus) => FINAL_TOP_UP_STATUSES.includes(status)

/** Whole cents from TOP_UP_MIN to TOP_UP_MAX, both included. */
export function checkTopUpAmount(amount: number): void {
  if (!Number.isInteger(amount) || amount < TOP_UP_MIN || amount > TOP_UP_MAX) {
    throw new AppError(422, 'validation_failed', 'The amount is outside the top-up limits.', {
      amount: `Top up between ${TOP_UP_MIN / 100} and ${TOP_UP_MAX / 100}.`,
    })
  }
}

/** A new top-up counts the settled balance PLUS the pending ones; reaching the cap exactly is fine. */
export function checkTopUpRoom(balance: number, pending: number, amount: number): void {
  const committed = balance + pending
  if (committed + amount <= BALANCE_CAP) return
  const room = Math.max(0, BALANCE_CAP - committed)
  throw new AppError(
    422,
    'balance_cap_exceeded',
    'This top-up would take the balance (with the top-ups still pending) over the cap.',
    { amount: `Your balance can hold at most ${BALANCE_CAP / 100}; room left: ${room / 100}.` },
  )
}

/** A paid top-up that would take the balance over the cap is refunded, not credited (0017). */
export const paidPastCap = (balance: number, amount: number) => balance + amount > BALANCE_CAP

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

/** Stripe reads a PaymentIntent with its charge expanded, for the card it was paid with. */
export function withCharge(): { expand: string[] } {
  return { expand: ['latest_charge'] }
}

/** The card of a PaymentIntent read withCharge(); null when Stripe did not say. */
export function cardOfIntent(pi: Stripe.PaymentIntent): { brand: string; last4: string } | null {
  const charge = pi.latest_charge
  if (!charge || typeof charge === 'string') return null
  const card = charge.payment_method_details?.card
  return card?.brand && card.last4 ? { brand: card.brand, last4: card.last4 } : null
}

export type SettleOutcome =
  'credited' | 'already_credited' | 'refunded' | 'updated' | 'unchanged' | 'ignored'

/** What to do with a locked top-up given its PaymentIntent as Stripe reports it now. */
export type SettleStep =
  | { done: SettleOutcome; mismatch?: true }
  /** Paid in full: credit it, or refund it when past the cap (decided under the wallet lock). */
  | { paid: true }
  | { status: TopUpStatus; failureMessage: string | null; tellFailure: boolean }

export function decideSettlement(
  topUp: TopUpRecord | undefined,
  pi: Stripe.PaymentIntent,
): SettleStep {
  if (!topUp) return { done: 'ignored' }
  if (!matches(topUp, pi)) return { done: 'ignored', mismatch: true }
  // `succeeded` and `refunded` never move.
  if (topUp.status === 'succeeded') return { done: 'already_credited' }
  if (topUp.status === 'refunded') return { done: 'refunded' }
  const next = statusFromIntent(pi)
  if (next.status === 'succeeded')
    return pi.amount_received === topUp.amount ? { paid: true } : { done: 'unchanged' }
  if (next.status === topUp.status && next.failureMessage === topUp.failureMessage)
    return { done: 'unchanged' }
  return { ...next, tellFailure: next.status === 'failed' || next.status === 'canceled' }
}

function matches(topUp: TopUpRecord, pi: Stripe.PaymentIntent): boolean {
  return (
    (!topUp.paymentIntentId || topUp.paymentIntentId === pi.id) &&
    pi.metadata.user_id === topUp.userId &&
    pi.currency.toUpperCase() === topUp.currency &&
    pi.amount === topUp.amount
  )
}
