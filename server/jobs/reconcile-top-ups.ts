import { pendingTopUps } from '../repositories/top-ups.ts'
import type { PaymentsDeps } from '../commands/wallet/top-ups/payments.ts'
import { settleTopUp } from '../commands/wallet/top-ups/settle-top-up.ts'

/** A top-up untouched this long is asked about at Stripe (a webhook may have been lost). */
export const RECONCILE_AFTER_SECONDS = 120
export const RECONCILE_EVERY_MS = 60_000

/**
 * The third caller of settleTopUp, after the webhook and the return page: pending top-ups are
 * re-read from Stripe, so a lost webhook or a closed tab never leaves paid money uncredited.
 */
export async function reconcileTopUps(
  deps: PaymentsDeps,
  olderThanSeconds = RECONCILE_AFTER_SECONDS,
): Promise<number> {
  if (!deps.stripe) return 0
  let settled = 0
  for (const topUp of await pendingTopUps(deps.db, olderThanSeconds)) {
    try {
      const outcome = await settleTopUp(deps, topUp.paymentIntentId!)
      if (outcome === 'credited' || outcome === 'updated' || outcome === 'refunded') settled++
    } catch (error) {
      deps.log?.warn({ err: error, topUpId: topUp.id }, 'top-up reconciliation failed; will retry')
    }
  }
  return settled
}

export function startTopUpReconciler(deps: PaymentsDeps, everyMs = RECONCILE_EVERY_MS) {
  let running = false
  const timer = setInterval(() => {
    if (running) return
    running = true
    reconcileTopUps(deps)
      .catch((error: unknown) => deps.log?.warn({ err: error }, 'top-up reconciler failed'))
      .finally(() => (running = false))
  }, everyMs)
  timer.unref()
  return { stop: () => clearInterval(timer) }
}
