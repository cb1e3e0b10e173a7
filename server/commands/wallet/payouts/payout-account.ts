import type Stripe from 'stripe'
import type { PayoutAccountLink, PayoutAccountState } from '../../../../common/money-out.ts'
import { EVENTS, walletChannel } from '../../../../common/wire.ts'
import { payoutAccountOf } from '../../../repositories/money-out.ts'
import {
  findPayoutAccount,
  insertPayoutAccount,
  updatePayoutAccount,
} from '../../../repositories/payouts.ts'
import { runCommand } from '../../run-command.ts'
import { requireStripe, type PaymentsDeps } from '../top-ups/payments.ts'

/**
 * Starts or continues payout onboarding: the member's Stripe Connect Express account is created
 * once (Stripe key `payout-account:<userId>`, so two clicks make one account), then a fresh
 * Account Link — single-use at Stripe — leads there; Stripe sends the member back to
 * `<appBase>wallet?payouts=return` (or `=refresh` for an expired link).
 */
export async function connectPayoutAccount(
  deps: PaymentsDeps,
  input: { userId: string; appBase: string },
): Promise<PayoutAccountLink> {
  const stripe = requireStripe(deps.stripe)
  let accountId = (await findPayoutAccount(deps.db, input.userId))?.stripeAccountId
  if (!accountId) {
    const account = await stripe.accounts.create(
      {
        type: 'express',
        capabilities: { transfers: { requested: true } },
        metadata: { user_id: input.userId },
      },
      { idempotencyKey: `payout-account:${input.userId}` },
    )
    await insertPayoutAccount(deps.db, input.userId, account.id)
    // A racing request may have stored the same account first: read back what is stored.
    accountId = (await findPayoutAccount(deps.db, input.userId))!.stripeAccountId
    await recordAccount(deps, account)
  }
  const link = await stripe.accountLinks.create({
    account: accountId,
    type: 'account_onboarding',
    refresh_url: `${input.appBase}wallet?payouts=refresh`,
    return_url: `${input.appBase}wallet?payouts=return`,
  })
  return { url: link.url }
}

/** The payout account, re-read from Stripe first when the member has one (the return page). */
export async function refreshPayoutAccount(
  deps: PaymentsDeps,
  userId: string,
): Promise<PayoutAccountState> {
  const stored = await findPayoutAccount(deps.db, userId)
  if (stored) {
    const stripe = requireStripe(deps.stripe)
    await recordAccount(deps, await stripe.accounts.retrieve(stored.stripeAccountId))
  }
  return payoutAccountOf(deps.db, userId)
}

/**
 * Stores what Stripe says of a connected account (its flags and what is still due) and tells
 * the member's screens (`payout_account.updated`). An account of no member is ignored.
 */
export async function recordAccount(deps: PaymentsDeps, account: Stripe.Account): Promise<void> {
  const publishTo = { broadcaster: deps.broadcaster }
  await runCommand(deps.db, { publishTo }, async (tx, events) => {
    const userId = await updatePayoutAccount(tx, account.id, {
      detailsSubmitted: account.details_submitted ?? false,
      payoutsEnabled: account.payouts_enabled ?? false,
      requirementsDue: account.requirements?.currently_due ?? [],
    })
    if (!userId) return
    events.add({
      channel: walletChannel(userId),
      name: EVENTS.payoutAccountUpdated,
      data: await payoutAccountOf(tx, userId),
      toSender: true,
    })
  })
}
