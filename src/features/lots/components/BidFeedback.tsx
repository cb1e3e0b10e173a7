import { useEffect, useRef } from 'react'
import { Button } from '../../../components/Button'
import { useT } from '../../../i18n'
import type { Bidding } from '../useBidding'

/**
 * The last bid's result — or, once a live outbid makes it stale, the outbid in its place — and
 * "Send again" after a bid that got no answer. While a bid whose answer was lost is being sent
 * again, it says so (decision 0049). Focus moves here after sending.
 */
export function BidFeedback({ bidding }: { bidding: Bidding }) {
  const { t } = useT()
  const ref = useRef<HTMLParagraphElement>(null)
  const { result, retry, pending, focusTurn, checking } = bidding
  // The last turn focus was given for: a result can appear a render after its turn (my standing
  // reaches the cache after the answer), and focus must still come to it then.
  const served = useRef(0)
  useEffect(() => {
    if (focusTurn <= served.current || !result) return
    served.current = focusTurn
    // After a dialog closes and hands focus back to its opener: the result wins.
    requestAnimationFrame(() => ref.current?.focus())
  }, [focusTurn, result])
  return (
    <>
      <div aria-live="polite" className="bid-feedback">
        {checking ? (
          <p data-testid="bid-checking" className="notice">
            {checking === 'offline' ? t('bid.checkingOffline') : t('bid.checking')}
          </p>
        ) : result ? (
          <p
            ref={ref}
            tabIndex={-1}
            data-testid="bid-result"
            className={`notice ${result.tone === 'ok' ? 'notice-ok' : 'notice-error'}`}
          >
            {result.text}
          </p>
        ) : null}
      </div>
      {retry ? (
        <Button variant="secondary" onClick={retry} pending={pending}>
          {t('bid.retry')}
        </Button>
      ) : null}
    </>
  )
}
