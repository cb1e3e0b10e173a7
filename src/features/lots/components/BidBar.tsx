import type { ReactNode } from 'react'
import type { LotDetail, MyLotStatus } from '../../../../common/auction'
import { useT, type MessageKey } from '../../../i18n'
import { Countdown } from './Countdown'

const STATUS_KEY: Record<Exclude<MyLotStatus, null>, MessageKey> = {
  leading: 'lot.my.leading',
  outbid: 'lot.my.outbid',
  won: 'lot.my.won',
  lost: 'lot.my.lost',
}

/**
 * The phone's bid bar, fixed above the bottom tab bar (and the safe-area inset): price, time
 * left, my standing, then the bid controls it is given. The page keeps room for it, so it never
 * hides the end of the room (decision 0022).
 */
export function BidBar({
  lot,
  format,
  children,
}: {
  lot: LotDetail
  format: (minor: number) => string
  children: ReactNode
}) {
  const { t } = useT()
  const status = lot.my?.status ?? null
  return (
    <section className="bid-bar" aria-label={t('bid.barLabel')} data-testid="bid-bar">
      <div className="bid-bar-facts">
        <p className="bid-bar-price">
          <span className="visually-hidden">{t('lots.currentPrice')}: </span>
          {format(lot.currentPrice ?? lot.startingPrice)}
        </p>
        <p className="bid-bar-time">
          <span className="visually-hidden">{t('lots.timeLeft')}: </span>
          <Countdown lot={lot} />
        </p>
        <p className={`bid-bar-status my-${status ?? 'none'}`} data-testid="bid-bar-status">
          {t(status ? STATUS_KEY[status] : 'bid.notBidding')}
        </p>
      </div>
      {children}
    </section>
  )
}
