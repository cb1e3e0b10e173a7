import { forwardRef, useEffect, useImperativeHandle, useRef, useState, type FormEvent } from 'react'
import { Button } from '../../components/Button'
import { ErrorState } from '../../components/ErrorState'
import { Loading } from '../../components/Spinner'
import { effectivePalette } from '../../components/theme-choice'
import { useT } from '../../i18n'
import {
  mountPaymentForm,
  type ConfirmOutcome,
  type PaymentForm,
  type Stripe,
} from '../../payments/stripe'

/** The Payment Element in Lotline's colours: read from the theme's CSS variables when mounted. */
function paymentAppearance() {
  const css = getComputedStyle(document.documentElement)
  const colour = (name: string) => css.getPropertyValue(name).trim()
  return {
    theme: effectivePalette() === 'light' ? ('stripe' as const) : ('night' as const),
    variables: {
      colorPrimary: colour('--gold'),
      colorBackground: colour('--ink'),
      colorText: colour('--text'),
      colorTextSecondary: colour('--muted'),
      colorDanger: colour('--danger'),
      borderRadius: '8px',
      fontSizeBase: '16px',
    },
  }
}

export interface CardFormHandle {
  /** "Try another card": empty the form and put the cursor in it. */
  reset(): void
}

/**
 * Stripe's Payment Element for one PaymentIntent, and the Pay button that confirms it in place.
 * Remounted when the client secret or the language changes.
 */
export const CardForm = forwardRef<
  CardFormHandle,
  {
    stripe: Stripe
    clientSecret: string
    amountLabel: string
    returnUrl: string
    online: boolean
    onConfirmed: (outcome: ConfirmOutcome) => void
  }
>(function CardForm({ stripe, clientSecret, amountLabel, returnUrl, online, onConfirmed }, ref) {
  const { t, lang } = useT()
  const container = useRef<HTMLDivElement>(null)
  const form = useRef<PaymentForm | null>(null)
  const [ready, setReady] = useState(false)
  const [loadError, setLoadError] = useState(false)
  const [mountAttempt, setMountAttempt] = useState(0)
  const [paying, setPaying] = useState(false)
  const busy = useRef(false)

  useEffect(() => {
    const node = container.current
    if (!node) return
    let live = true
    const mounted = mountPaymentForm(stripe, node, {
      clientSecret,
      appearance: paymentAppearance(),
      locale: lang,
    })
    form.current = mounted
    mounted.ready.then(
      () => {
        if (live) setReady(true)
      },
      () => {
        if (live) setLoadError(true)
      },
    )
    return () => {
      live = false
      form.current = null
      setReady(false)
      setLoadError(false)
      mounted.destroy()
    }
  }, [stripe, clientSecret, lang, mountAttempt])

  useImperativeHandle(ref, () => ({
    reset() {
      form.current?.clear()
      form.current?.focus()
    },
  }))

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const current = form.current
    if (!current || busy.current || !online || !ready) return
    busy.current = true
    setPaying(true)
    try {
      onConfirmed(await current.confirm(returnUrl))
    } catch {
      onConfirmed({ kind: 'error', type: 'api_error', code: null, message: null })
    } finally {
      busy.current = false
      setPaying(false)
    }
  }

  return (
    <form className="card-form" onSubmit={(e) => void submit(e)} noValidate>
      {loadError ? (
        <ErrorState
          title={t('topUp.card.loadErrorTitle')}
          message={t('topUp.card.loadErrorBody')}
          onRetry={() => setMountAttempt((n) => n + 1)}
          retryLabel={t('common.retry')}
        />
      ) : null}
      {!ready && !loadError ? <Loading label={t('topUp.card.loading')} /> : null}
      <div
        ref={container}
        className={ready ? 'payment-element is-ready' : 'payment-element'}
        hidden={loadError}
      />
      <p className="muted small card-secure">{t('topUp.card.secure')}</p>
      <div className="actions">
        <Button
          type="submit"
          pending={paying}
          pendingLabel={t('topUp.paying')}
          disabled={!online || !ready}
          disabledReason={!online ? t('topUp.offline') : undefined}
          reasonId="pay-offline"
        >
          {t('topUp.pay', { amount: amountLabel })}
        </Button>
      </div>
    </form>
  )
})
