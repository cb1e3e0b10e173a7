import type Stripe from 'stripe'
import type { PaymentsDeps } from '../top-ups/payments.ts'
import { findPayoutAccountByStripeId } from '../../../repositories/payouts.ts'
import { recordAccount } from './payout-account.ts'
import { recordTransferReversals } from './record-reversals.ts'

/**
 * Stripe events about payouts (decision 0053): `account.updated` (a connected account's state) and
 * the transfer events. True when the event was one of them and is now durable. Each re-reads its
 * object from Stripe, so stale or reordered deliveries cannot write an old state.
 */
export async function receivePayoutEvent(
  deps: PaymentsDeps,
  event: Stripe.Event,
): Promise<boolean> {
  const object = event.data.object as { object?: string; id?: string }
  if (!object.id) return false
  if (event.type === 'account.updated' && object.object === 'account') {
    // Only accounts of our members are asked about (a stranger's id costs no Stripe call).
    if (!(await findPayoutAccountByStripeId(deps.db, object.id))) return true
    if (!deps.stripe) return true
    await recordAccount(deps, await deps.stripe.accounts.retrieve(object.id))
    return true
  }
  if (
    (event.type === 'transfer.reversed' || event.type === 'transfer.updated') &&
    object.object === 'transfer'
  ) {
    await recordTransferReversals(deps, object.id)
    return true
  }
  return false
}
