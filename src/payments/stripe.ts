/**
 * Stripe.js loading (docs/product.md §2, §6; docs/decisions/0009-top-up-flow.md, with its sources).
 * The only module of the app that imports `@stripe/stripe-js`, and only its `/pure` entry: that one
 * injects `<script src="https://js.stripe.com/…">` when `loadStripe()` is called, never on import,
 * so the script is requested only by a payment screen that asks for it, and only while online.
 *
 * This module is reached only from the lazy top-up screen, so it (and the loader) stay out of the
 * initial shell.
 */
import { onlineManager } from '@tanstack/react-query'
import { loadStripe } from '@stripe/stripe-js/pure'
import type {
  Appearance,
  PaymentIntent,
  Stripe,
  StripeElementLocale,
  StripeElements,
  StripeError,
  StripePaymentElement,
} from '@stripe/stripe-js'
import { holdReload } from '../offline/reload-guard'

export type { Stripe } from '@stripe/stripe-js'

/** Offline: Stripe.js was not requested at all (nothing to retry until the network is back). */
export class StripeOfflineError extends Error {
  override readonly name = 'StripeOfflineError'
  constructor() {
    super('Card payments need a connection: Stripe.js is not loaded while offline.')
  }
}

/** The script failed to load (network, blocked, CSP) or did not define `window.Stripe`. */
export class StripeLoadError extends Error {
  override readonly name = 'StripeLoadError'
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : 'Failed to load Stripe.js', { cause })
  }
}

function isOffline(): boolean {
  return (
    !onlineManager.isOnline() || (typeof navigator !== 'undefined' && navigator.onLine === false)
  )
}

let loading: { key: string; promise: Promise<Stripe> } | null = null

/**
 * The Stripe object for `publishableKey`, loaded once and shared. A failed load is forgotten, so
 * the next call (a Retry button, the `online` event) tries again with a fresh script tag.
 * Offline it rejects at once with StripeOfflineError and requests nothing.
 */
export function getStripe(publishableKey: string): Promise<Stripe> {
  if (loading?.key === publishableKey) return loading.promise
  if (isOffline()) return Promise.reject(new StripeOfflineError())
  const promise: Promise<Stripe> = loadStripe(publishableKey).then(
    (stripe) => {
      if (!stripe) throw new StripeLoadError(new Error('Stripe.js not available'))
      return stripe
    },
    (error: unknown) => {
      throw new StripeLoadError(error)
    },
  )
  const entry = { key: publishableKey, promise }
  loading = entry
  promise.catch(() => {
    if (loading === entry) loading = null
  })
  return promise
}

/** Tests only: forget the memoised load. */
export function resetStripeLoader(): void {
  loading = null
}

/** What confirming (or finishing authentication) told us, without Stripe's types leaking out. */
export type ConfirmOutcome =
  | { kind: 'intent'; id: string; status: PaymentIntent.Status }
  | { kind: 'error'; type: StripeError['type']; code: string | null; message: string | null }

function outcomeOf(
  result: { paymentIntent?: PaymentIntent; error?: StripeError } | Record<string, unknown>,
): ConfirmOutcome {
  const { paymentIntent, error } = result as { paymentIntent?: PaymentIntent; error?: StripeError }
  if (error) {
    return {
      kind: 'error',
      type: error.type,
      code: error.code ?? null,
      // Stripe's own message is meant for the customer only for card and validation errors.
      message:
        error.type === 'card_error' || error.type === 'validation_error'
          ? (error.message ?? null)
          : null,
    }
  }
  if (paymentIntent) return { kind: 'intent', id: paymentIntent.id, status: paymentIntent.status }
  return { kind: 'error', type: 'api_error', code: null, message: null }
}

export interface PaymentForm {
  /** Resolves when the Payment Element is ready for input; rejects on its `loaderror`. */
  ready: Promise<void>
  onChange(listener: (complete: boolean) => void): void
  focus(): void
  clear(): void
  confirm(returnUrl: string): Promise<ConfirmOutcome>
  destroy(): void
}

/**
 * Mounts Stripe's Payment Element for one PaymentIntent into `container` and confirms it in place
 * (`redirect: 'if_required'`: cards never leave the app; 3-D Secure runs in Stripe's modal).
 * Confirming, and finishing authentication below, hold update reloads for as long as Stripe
 * works (3-D Secure included): a reload then would leave the payment half done.
 */
export function mountPaymentForm(
  stripe: Stripe,
  container: HTMLElement,
  options: { clientSecret: string; appearance?: Appearance; locale?: StripeElementLocale },
): PaymentForm {
  const elements: StripeElements = stripe.elements({
    clientSecret: options.clientSecret,
    appearance: options.appearance,
    locale: options.locale ?? 'auto',
  })
  const element: StripePaymentElement = elements.create('payment', { layout: 'tabs' })
  const ready = new Promise<void>((resolve, reject) => {
    element.on('ready', () => resolve())
    element.on('loaderror', (event) =>
      reject(new StripeLoadError(new Error(event.error.message ?? 'The card form could not load'))),
    )
  })
  ready.catch(() => undefined)
  element.mount(container)
  return {
    ready,
    onChange(listener) {
      element.on('change', (event) => listener(event.complete))
    },
    focus: () => element.focus(),
    clear: () => element.clear(),
    async confirm(returnUrl) {
      const release = holdReload('payment')
      try {
        const result = await stripe.confirmPayment({
          elements,
          confirmParams: { return_url: returnUrl },
          redirect: 'if_required',
        })
        return outcomeOf(result)
      } finally {
        release()
      }
    },
    destroy: () => element.destroy(),
  }
}

/** Finishes a PaymentIntent left in `requires_action` (e.g. 3-D Secure closed, or after a reload). */
export async function finishAuthentication(
  stripe: Stripe,
  clientSecret: string,
): Promise<ConfirmOutcome> {
  const release = holdReload('payment')
  try {
    return outcomeOf(await stripe.handleNextAction({ clientSecret }))
  } finally {
    release()
  }
}
