import type { PaymentsDeps } from '../commands/wallet/top-ups/payments.ts'
import { sendPayout } from '../commands/wallet/payouts/send-payout.ts'
import { pendingPayouts } from '../repositories/payouts.ts'

/** A payout pending this long is sent again (its first send crashed, timed out or failed over). */
export const RETRY_PAYOUTS_AFTER_SECONDS = 120
export const RETRY_PAYOUTS_EVERY_MS = 60_000

/**
 * Resends pending payouts with the same Stripe idempotency key as their attempt (decision 0053):
 * a Transfer Stripe made but whose answer we never recorded comes back as the same Transfer and
 * is recorded once; one Stripe refused comes back refused and is credited back once. Returns how
 * many moved out of pending.
 */
export async function retryPendingPayouts(
  deps: PaymentsDeps,
  olderThanSeconds = RETRY_PAYOUTS_AFTER_SECONDS,
): Promise<number> {
  if (!deps.stripe) return 0
  let moved = 0
  for (const id of await pendingPayouts(deps.db, olderThanSeconds)) {
    try {
      if ((await sendPayout(deps, id)).status !== 'pending') moved++
    } catch (error) {
      deps.log?.warn({ err: error, payoutId: id }, 'payout retry failed; will retry')
    }
  }
  return moved
}

export function startPayoutRetrier(deps: PaymentsDeps, everyMs = RETRY_PAYOUTS_EVERY_MS) {
  let running = false
  const timer = setInterval(() => {
    if (running) return
    running = true
    retryPendingPayouts(deps)
      .catch((error: unknown) => deps.log?.warn({ err: error }, 'payout retrier failed'))
      .finally(() => (running = false))
  }, everyMs)
  timer.unref()
  return { stop: () => clearInterval(timer) }
}
