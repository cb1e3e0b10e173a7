import { moveMoneyOnce } from '../../../repositories/ledger.ts'
import type Stripe from 'stripe'
import {
  findPayout,
  findPayoutByTransfer,
  markPayoutPaid,
  setReversed,
} from '../../../repositories/payouts.ts'
import { lockWallets, walletOf } from '../../../repositories/wallets.ts'
import { runCommand } from '../../run-command.ts'
import { requireStripe, type PaymentsDeps } from '../top-ups/payments.ts'
import { announce } from './send-payout.ts'

/**
 * A Transfer Stripe took (part of) back: re-read from Stripe — so the order and number of
 * `transfer.reversed` / `transfer.updated` deliveries do not matter — and, under the wallet lock,
 * each reversal credited once (`payout-reversal:<reversal id>`), the payout `reversed` with what
 * was taken back. A transfer of no payout of ours is ignored. True when something was credited.
 */
export async function recordTransferReversals(
  deps: PaymentsDeps,
  transferId: string,
): Promise<boolean> {
  const stripe = requireStripe(deps.stripe)
  const transfer = await stripe.transfers.retrieve(transferId).catch((error: unknown) => {
    // Not a transfer of this Stripe account: nothing of ours to credit (any other error throws,
    // and Stripe delivers the event again).
    if ((error as { statusCode?: number }).statusCode === 404) return null
    throw error
  })
  if (!transfer) return false
  const payout =
    (await findPayoutByTransfer(deps.db, transfer.id)) ??
    (transfer.metadata?.payout_id ? await findPayout(deps.db, transfer.metadata.payout_id) : null)
  if (!payout || payout.stripeAccountId !== transfer.destination) return false
  const reversals = await allReversals(stripe, transfer)
  if (reversals.length === 0) return false
  const publishTo = { broadcaster: deps.broadcaster }
  const { body } = await runCommand(deps.db, { publishTo }, async (tx, events) => {
    await lockWallets(tx, [payout.userId])
    const current = (await findPayout(tx, payout.id, true))!
    // Our answer from Stripe was lost, but the Transfer exists: it was paid first.
    if (current.status === 'pending') await markPayoutPaid(tx, current.id, transfer.id)
    let credited = false
    for (const reversal of reversals) {
      const wrote = await moveMoneyOnce(tx, {
        userId: payout.userId,
        kind: 'return',
        amount: reversal.amount,
        onceKey: `payout-reversal:${reversal.id}`,
        reason: `Payout ${payout.id} reversed by Stripe`,
      })
      credited ||= wrote
    }
    if (!credited) return false
    const reversed = reversals.reduce((sum, r) => sum + r.amount, 0)
    await setReversed(tx, payout.id, reversed)
    events.walletUpdated(payout.userId, await walletOf(tx, payout.userId, deps.currency))
    await announce(tx, payout.id, events)
    return true
  })
  if (body) deps.log?.warn({ payoutId: payout.id, transferId }, 'payout reversed; money returned')
  return body
}

/** Every reversal of the transfer: the embedded first page, and the rest when there are more. */
async function allReversals(stripe: Stripe, transfer: Stripe.Transfer) {
  if (!transfer.reversals.has_more) return transfer.reversals.data
  const all: Stripe.TransferReversal[] = []
  for await (const r of stripe.transfers.listReversals(transfer.id, { limit: 100 })) all.push(r)
  return all
}
