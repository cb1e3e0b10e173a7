import { useCallback, useEffect, useState } from 'react'
import { getStripe, StripeOfflineError, type Stripe } from '../../payments/stripe'

export type StripeStatus = 'idle' | 'offline' | 'loading' | 'ready' | 'error'

/**
 * Stripe.js for the top-up screen: requested only when there is a publishable key and the browser
 * is online (never otherwise); a failed load shows an error whose retry() tries again (the loader
 * forgot the failure). Coming back online after an offline start loads it then.
 */
export function useStripe(publishableKey: string | null | undefined, online: boolean) {
  const [stripe, setStripe] = useState<Stripe | null>(null)
  const [failure, setFailure] = useState<{ attempt: number; error: unknown } | null>(null)
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    if (!publishableKey || !online || stripe) return
    let live = true
    getStripe(publishableKey).then(
      (loaded) => {
        if (live) setStripe(loaded)
      },
      (error: unknown) => {
        if (live && !(error instanceof StripeOfflineError)) setFailure({ attempt, error })
      },
    )
    return () => {
      live = false
    }
  }, [publishableKey, online, stripe, attempt])

  const retry = useCallback(() => setAttempt((n) => n + 1), [])
  const failed = failure !== null && failure.attempt === attempt
  const status: StripeStatus = stripe
    ? 'ready'
    : !publishableKey
      ? 'idle'
      : !online
        ? 'offline'
        : failed
          ? 'error'
          : 'loading'
  return { status, stripe, error: failed ? failure.error : null, retry }
}
