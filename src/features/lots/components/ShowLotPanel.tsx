import type { LotDetail, LotSummary } from '../../../../common/auction'
import type { ShowLot } from '../../../../common/shows'
import { lotChannel } from '../../../../common/wire'
import { useT, type MessageKey } from '../../../i18n'
import { useChannel } from '../../../realtime/provider'
import { useLot } from '../api'
import { useOwnLeadFollows } from '../useOwnLead'
import { Countdown } from './Countdown'
import { LotBiddingSlot } from './LotBiddingSlot'
import { LotGallery } from './LotGallery'
import { PriceFacts } from './PriceFacts'

/**
 * A live show's lot on the block (issue 34), in the show room and the host console. The lot on the
 * block, kept live by its own `lot.{id}` channel exactly as in the lot room (the lots feature's
 * bridge rules patch its detail); until the detail is here the show's summary of it shows. Drawn
 * with the room, not with the lot room's chunk: what the summary already knows (the pictures, the
 * title, the price and the clock) is in place at once, so nothing below it moves when the rest
 * arrives. Bidding is the lot room's own (quick bids, the phone's bid bar, the review), loaded
 * with that room's chunk (LotBiddingSlot).
 */
export function ShowLotPanel({
  entry,
  format,
  me,
  bidding = true,
}: {
  entry: ShowLot
  format: (minor: number) => string
  me: { alias: string } | null
  /** The host console shows the lot without the bid controls. */
  bidding?: boolean
}) {
  const { t } = useT()
  const query = useLot(entry.lotId)
  useChannel(lotChannel(entry.lotId))
  const detail: LotDetail | undefined = query.data
  useOwnLeadFollows(detail, me?.alias ?? null)
  const lot: LotSummary = detail ?? entry.lot
  const over = lot.status !== 'open' && lot.status !== 'scheduled'
  const status = detail?.my?.status ?? null
  return (
    <section className="panel show-current" aria-labelledby="show-current-h">
      <p className="label">{t('shows.onTheBlock')}</p>
      {bidding ? <LotGallery title={lot.title} pictures={lot.pictures} /> : null}
      <h2 id="show-current-h">{lot.title}</h2>
      <div className="price-row">
        <PriceFacts
          lot={lot}
          format={format}
          priceTestId="show-lot-price"
          bidsTestId="show-lot-bids"
        />
        <div className="time-box">
          <p className="label">{t('lots.timeLeft')}</p>
          <p className="countdown-big" data-testid="show-lot-clock">
            <Countdown lot={lot} />
          </p>
          <p className="muted small">
            {entry.mode === 'sudden_death'
              ? t('shows.mode.sudden_death')
              : t('shows.mode.standard')}
          </p>
        </div>
      </div>
      {over ? (
        <p className="notice" data-testid="show-lot-over">
          {lot.status === 'settled'
            ? t('shows.result.sold', { price: format(lot.currentPrice ?? lot.startingPrice) })
            : t('shows.result.unsold')}
        </p>
      ) : null}
      <div aria-live="assertive" aria-atomic="true">
        {status ? (
          <p className={`my-status my-${status}`} data-testid="my-status">
            <strong>{t(`lot.my.${status}` as MessageKey)}</strong>
          </p>
        ) : null}
      </div>
      {bidding && detail && !detail.my?.seller ? (
        <LotBiddingSlot
          key={detail.id}
          lot={detail}
          format={format}
          signedIn={Boolean(me)}
          isSeller={false}
        />
      ) : null}
    </section>
  )
}
