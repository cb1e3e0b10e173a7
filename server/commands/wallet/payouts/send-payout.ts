import type { PaymentsDeps } from '../top-ups/payments.ts'
import { requireStripe } from '../top-ups/payments.ts'

/**
 * A minimal stand-in so withdrawals compile and test; the payouts work's version (failures
 * credited back, events) replaces this file at merge with the same signature.
 * Sends the Transfer of a pending payouts row with the key of its attempt and records it.
 */
export async function sendPayout(deps: PaymentsDeps, payoutId: string): Promise<void> {
  const stripe = requireStripe(deps.stripe)
  const { rows } = await deps.db.query<{
    amount: number
    currency: string
    stripe_account_id: string
    attempt: number
    status: string
  }>(`select amount, currency, stripe_account_id, attempt, status from payouts where id = $1`, [
    payoutId,
  ])
  const payout = rows[0]
  if (!payout || payout.status !== 'pending') return
  const transfer = await stripe.transfers.create(
    {
      amount: Number(payout.amount),
      currency: payout.currency.toLowerCase(),
      destination: payout.stripe_account_id,
      metadata: { payout_id: payoutId },
    },
    { idempotencyKey: `payout:${payoutId}:${payout.attempt}` },
  )
  await deps.db.query(
    `update payouts set transfer_id = $2, status = 'paid', updated_at = now() where id = $1`,
    [payoutId, transfer.id],
  )
}
