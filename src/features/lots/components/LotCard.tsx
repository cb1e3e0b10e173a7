import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { ENDED_STATUSES, type LotSummary } from '../../../../common/auction'
import { useT } from '../../../i18n'
import { Countdown } from './Countdown'
import { DeliveryLine } from './DeliveryLine'
import { EndsWithinHour } from './EndsWithinHour'
import { LotCardMedia } from './LotCardMedia'
import { LotStatusBadge } from './LotStatusBadge'
import './cards.css'

/** One lot in a list: title, price, bids, time left, leader. Live through the list's cache. */
export function LotCard({
  lot,
  currency,
  extra,
  badges,
  priority = false,
}: {
  lot: LotSummary
  currency: string
  extra?: ReactNode
  /** Over the picture's top corners (the list's heart and standing chip): never moves the card. */
  badges?: ReactNode
  /** The first card of a list: its picture loads at once and first (see LotCardMedia). */
  priority?: boolean
}) {
  const { t, formatMoney } = useT()
  const hasBids = lot.currentPrice !== null
  // An ended lot's price is final and nobody is "leading" any more (issue 32).
  const over = ENDED_STATUSES.includes(lot.status)
  return (
    <article className="lot-card">
      <LotCardMedia picture={lot.pictures[0]} priority={priority} />
      {badges}
      <h2 className="lot-card-title">
        <Link href={`/lots/${lot.id}`} className="lot-card-link">
          {lot.title}
        </Link>
      </h2>
      <div className="lot-card-meta">
        {lot.status !== 'open' ? <LotStatusBadge status={lot.status} /> : null}
        <Countdown lot={lot} className="lot-card-time" labelled />
        <EndsWithinHour lot={lot} />
      </div>
      <div className="lot-card-price">
        <span className="lot-card-label">
          {hasBids ? t(over ? 'lots.finalPrice' : 'lots.currentPrice') : t('lots.startingAt')}
        </span>
        <span className="price">
          {formatMoney(lot.currentPrice ?? lot.startingPrice, currency)}
        </span>
      </div>
      <p className="lot-card-bids muted small">
        {t('lots.bids', { count: lot.bidCount })}
        {lot.leader && !over ? ` · ${t('lots.leader', { alias: lot.leader })}` : null}
      </p>
      <DeliveryLine
        delivery={lot.delivery}
        currency={currency}
        className="lot-card-delivery muted small"
      />
      {extra}
    </article>
  )
}
