import { useState } from 'react'
import { Button } from '../../components/Button'
import { useT } from '../../i18n'
import { usePushConfig, useTurnOnAlerts } from './api'
import { rememberAsked, shouldOfferAfterBid, wasAsked } from './ask-rule'
import { browserTraits, notificationPermission, pushSupport } from './support'
import { turnOnErrorText } from './turn-on-error'
import './push.css'

/**
 * The one time the app offers alerts by itself: under the result of the member's bid that went
 * through, when the browser has never been asked (decision 0032). Dismissible; the answer is
 * remembered, and Account keeps the switch either way.
 */
export function BidAlertPrompt() {
  const { t, lang } = useT()
  const { config } = usePushConfig()
  const turnOn = useTurnOnAlerts()
  // Decided once when the bid's result appears: an answer hides it, a re-render never re-asks.
  const [offered] = useState(() =>
    shouldOfferAfterBid({
      support: pushSupport(browserTraits()),
      configured: Boolean(config),
      permission: notificationPermission(),
      asked: wasAsked(),
    }),
  )
  const [answer, setAnswer] = useState<'on' | 'later' | null>(null)

  if (!offered || !config) return null
  if (answer === 'later') {
    return (
      <p className="muted small push-offer" role="status">
        {t('push.offer.laterDone')}
      </p>
    )
  }
  if (turnOn.isSuccess) {
    const result = turnOn.data
    return (
      <p className="muted small push-offer" role="status" data-testid="push-offer-result">
        {t(
          result === 'on'
            ? 'push.turnedOn'
            : result === 'denied'
              ? 'push.denied'
              : 'push.dismissed',
        )}
      </p>
    )
  }
  return (
    <section className="notice notice-info push-offer" aria-labelledby="push-offer-h">
      <h2 id="push-offer-h" className="small">
        {t('push.offer.title')}
      </h2>
      <p className="small">{t('push.offer.body')}</p>
      {turnOn.isError ? (
        <p className="small" role="alert">
          {turnOnErrorText(turnOn.error, t, lang)}
        </p>
      ) : null}
      <div className="actions">
        <Button
          onClick={() => {
            // Asked inside the click itself (Safari wants the gesture); the rest follows.
            const asking = Notification.requestPermission()
            rememberAsked('on')
            setAnswer('on')
            turnOn.mutate({ asking, publicKey: config.publicKey, lang })
          }}
          pending={turnOn.isPending}
          pendingLabel={t('push.turningOn')}
        >
          {t('push.offer.turnOn')}
        </Button>
        <Button
          variant="secondary"
          disabled={turnOn.isPending}
          onClick={() => {
            rememberAsked('later')
            setAnswer('later')
          }}
        >
          {t('push.offer.later')}
        </Button>
      </div>
    </section>
  )
}
