import { useEffect, useRef, useState } from 'react'
import { Link, useLocation, useParams } from 'wouter'
import { ENDED_STATUSES, minNextBid, type LotDetail } from '../../../common/auction'
import { lotChannel } from '../../../common/wire'
import { isApiError } from '../../api/errors'
import { useCurrency } from '../../api/config'
import { DeliveryLine } from './components/DeliveryLine'
import { PriceFacts } from './components/PriceFacts'
import { EmptyState } from '../../components/EmptyState'
import { NothingSaved } from '../../components/NothingSaved'
import { OfflineNotice } from '../../components/OfflineNotice'
import { optionalLazy } from '../../components/optional-lazy'
import { QueryErrorState } from '../../components/QueryErrorState'
import { SavedAge } from '../../components/SavedAge'
import { Loading } from '../../components/Spinner'
import { useDocumentTitle } from '../../components/useDocumentTitle'
import { useT, type MessageKey } from '../../i18n'
import { dateTimeFormat } from '../../i18n/intl'
import { useTimeZone } from '../../i18n/time-zone'
import { HydrateApart } from '../../components/HydrateApart'
import { useOnline } from '../../offline/online'
import { useLive } from '../../realtime/live'
import { useChannel } from '../../realtime/provider'
import { useMe } from '../auth'
import { WatchButton } from './components/WatchButton'
import { useLot } from './api'
import { useLotResult } from './api/result'
import { BidHistoryList } from './components/BidHistoryList'
import { BlockBidders } from './components/BlockBidders'
import { Countdown } from './components/Countdown'
import { LotShowLine } from './components/LotShowLine'
import { formatOpensAt } from './opens-at'
import { LotBidding } from './components/LotBidding'
import { LotGallery } from './components/LotGallery'
import { LotResult } from './components/LotResult'
import { LotStatusBadge } from './components/LotStatusBadge'
import { SellerLine } from './components/SellerLine'
import { Watchers } from './components/Watchers'
import { useOwnLeadFollows } from './useOwnLead'

// Only the lot's seller (edit, pictures, cancel) and an admin (cancel) use these: they come as
// chunks of their own when shown, not with every room a visitor opens (decision 0037).
// A chunk that cannot load leaves the room as it is (decision 0041).
const SellerPanel = optionalLazy(
  () => import('./components/SellerPanel').then((module) => ({ default: module.SellerPanel })),
  () => <SellerToolsLoading />,
  () => <SellerToolsUnavailable />,
)
const CancelLot = optionalLazy(() =>
  import('./components/CancelLot').then((module) => ({ default: module.CancelLot })),
)

function SellerToolsLoading() {
  const { t } = useT()
  return <Loading label={t('seller.loading')} />
}

function SellerToolsUnavailable() {
  const { t } = useT()
  return <OfflineNotice>{t('seller.unavailable')}</OfflineNotice>
}

export { prefetchLot as prefetch } from './first-screen'
// A live show's lot on the block bids with this room's own bidding (issue 34): it comes with this
// chunk, so the room's code stays in one chunk and not in the one every first screen downloads.
export { LotBidding }

/** The end as first seen in this room: a later end means a soft-close extension happened. */
function useExtended(lot: LotDetail | undefined): boolean {
  const [first, setFirst] = useState<{ id: string; endsAt: number } | null>(null)
  if (lot && first?.id !== lot.id) setFirst({ id: lot.id, endsAt: Date.parse(lot.endsAt) })
  return Boolean(lot && first?.id === lot.id && Date.parse(lot.endsAt) > first.endsAt)
}

/** Announces price changes (not the first render) to screen readers, politely. */
function usePriceAnnouncement(lot: LotDetail | undefined, text: string): string {
  const [announcement, setAnnouncement] = useState('')
  const seen = useRef<string | null>(null)
  const key = lot ? `${lot.id}:${lot.currentPrice}:${lot.bidCount}` : null
  useEffect(() => {
    if (!key) return
    if (seen.current !== null && seen.current !== key) setAnnouncement(text)
    seen.current = key
  }, [key, text])
  return announcement
}

/** `/lots/:id`: the lot room. Live through `lot.{id}` (bids, updates) and `presence-lot.{id}`. */
export default function LotScreen() {
  const { id = '' } = useParams<{ id: string }>()
  const { t, lang, formatMoney } = useT()
  const timeZone = useTimeZone()
  const online = useOnline()
  const live = useLive()
  const [location] = useLocation()
  const me = useMe().data ?? null
  const currency = useCurrency()
  const query = useLot(id)
  const lot = query.data
  const result = useLotResult(
    id,
    Boolean(lot && ENDED_STATUSES.includes(lot.status)),
    me?.id ?? null,
  )
  useChannel(id ? lotChannel(id) : null)
  useDocumentTitle(lot?.title ?? t('lot.loading'))
  const extended = useExtended(lot)
  useOwnLeadFollows(lot, me?.alias ?? null)
  const money = (minor: number) => formatMoney(minor, currency)
  const announcement = usePriceAnnouncement(
    lot,
    lot
      ? t('lot.priceAnnounce', {
          price: money(lot.currentPrice ?? lot.startingPrice),
          bids: t('lots.bids', { count: lot.bidCount }),
        })
      : '',
  )

  if (!lot) {
    if (query.isPending && online) return <Loading label={t('lot.loading')} />
    if (query.isPending) return <NothingSaved />
    if (isApiError(query.error) && query.error.status === 404) {
      return (
        <EmptyState title={t('lot.notFound')} action={<Link href="/">{t('lot.back')}</Link>}>
          <p>{t('lot.notFoundBody')}</p>
        </EmptyState>
      )
    }
    return (
      <QueryErrorState
        query={query}
        title={t('lot.errorTitle')}
        message={online ? undefined : t('errors.offline')}
        retry={online}
      />
    )
  }

  // The API marks the seller's own view (`my.seller`); `lot.seller` is a display name (0025).
  const isSeller = Boolean(me && lot.my?.seller)
  const canCancel =
    me &&
    (lot.status === 'open' || lot.status === 'scheduled') &&
    (me.role === 'admin' || (isSeller && lot.bidCount === 0))
  const dateTime = dateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'medium', timeZone })
  const my = lot.my
  const over = lot.status !== 'open' && lot.status !== 'scheduled'
  // A scheduled lot says when bidding opens, not "Time left: Starts in …" (issue 32); a show's
  // queued lot opens when the host reaches it, not at its stand-in start (issue 34).
  const queuedInShow = lot.status === 'scheduled' && lot.showId !== null
  const opensAt =
    lot.status === 'scheduled' && !queuedInShow ? formatOpensAt(lot.startsAt, lang, timeZone) : null

  return (
    // Phones see the pictures first, as in the big auction apps; wide screens put the title above
    // the two columns (the grid in styles.css). The page's skeleton paints the first picture at
    // this very place before any script runs (docs/decisions/0040-room-picture-first.md).
    <div className="lot-room">
      <div className="lot-top">
        <p className="back">
          <Link href="/">← {t('lot.back')}</Link>
        </p>
        <SavedAge at={query.dataUpdatedAt} failed={query.isError} />
      </div>
      <HydrateApart>
        <LotGallery title={lot.title} pictures={lot.pictures} />
      </HydrateApart>
      <header className="lot-head">
        <div>
          <h1>{lot.title}</h1>
          <p className="muted small">
            <LotStatusBadge status={lot.status} />{' '}
            <SellerLine name={lot.seller} sellerId={lot.sellerId} />
          </p>
          <DeliveryLine delivery={lot.delivery} currency={currency} className="muted small" />
          <LotShowLine lot={lot} />
        </div>
        <div className="lot-head-actions">
          {me && my && !isSeller ? <WatchButton lotId={lot.id} watching={my.watching} /> : null}
          {me ? null : (
            <Link
              className="btn btn-secondary"
              href={`/sign-in?next=${encodeURIComponent(location)}`}
            >
              {t('lot.watchSignIn')}
            </Link>
          )}
          {canCancel && !isSeller ? <CancelLot lotId={lot.id} /> : null}
        </div>
      </header>

      <div className="lot-main">
        {over ? (
          <LotResult lot={lot} format={money} viewerKey={me?.id ?? null} />
        ) : (
          <>
            <section className="panel price-panel" aria-labelledby="price-h">
              <h2 id="price-h" className="visually-hidden">
                {t('lots.currentPrice')}
              </h2>
              <div className="price-row">
                <PriceFacts lot={lot} format={money} priceTestId="lot-price" />
                <div className="time-box">
                  <p className="label">
                    {opensAt || queuedInShow
                      ? t('lot.opensLabel')
                      : live || over
                        ? t('lots.timeLeft')
                        : t('lot.timeNotLive')}
                  </p>
                  <p className="countdown-big">
                    {queuedInShow ? (
                      <span data-testid="opens-at">{t('lot.show.opens')}</span>
                    ) : opensAt ? (
                      <time dateTime={lot.startsAt} data-testid="opens-at">
                        {opensAt}
                      </time>
                    ) : (
                      <Countdown lot={lot} />
                    )}
                    {extended && !over ? (
                      <span className="badge badge-extended" data-testid="extended">
                        {t('lot.extended')}
                      </span>
                    ) : null}
                  </p>
                  <p className="muted small">
                    {over
                      ? t('lot.endedAt', { time: dateTime.format(new Date(lot.endsAt)) })
                      : queuedInShow
                        ? null
                        : lot.status === 'scheduled'
                          ? t('lot.startsAt', { time: dateTime.format(new Date(lot.startsAt)) })
                          : t('lot.endsAt', { time: dateTime.format(new Date(lot.endsAt)) })}
                  </p>
                </div>
              </div>
              {lot.status === 'open' ? (
                <p className="min-next">
                  {t('lot.minNextBid')}: <strong>{money(minNextBid(lot))}</strong>
                  {lot.hasReserve ? (
                    <span className="muted small">
                      {' · '}
                      {lot.reserveMet ? t('lot.reserveMet') : t('lot.reserveNotMet')}
                    </span>
                  ) : null}
                </p>
              ) : null}
              {extended && !over ? (
                <p className="small notice notice-warn">
                  {t('lot.extendedBy', {
                    time: dateTimeFormat(lang, { timeStyle: 'medium', timeZone }).format(
                      new Date(lot.endsAt),
                    ),
                  })}
                </p>
              ) : lot.status === 'open' ? (
                <p className="muted small">
                  {t('lot.softClose', { seconds: lot.softCloseSeconds })}
                </p>
              ) : null}
              <div className="visually-hidden" aria-live="polite" aria-atomic="true">
                {announcement}
              </div>
              <div aria-live="assertive" aria-atomic="true">
                {my?.status ? (
                  <p className={`my-status my-${my.status}`} data-testid="my-status">
                    <strong>{t(`lot.my.${my.status}` as MessageKey)}</strong>
                    {my.maxBid !== null ? (
                      <span className="small">
                        {' · '}
                        {t('lot.my.max', { amount: money(my.maxBid) })}
                      </span>
                    ) : null}
                  </p>
                ) : null}
              </div>
            </section>

            {isSeller ? (
              <SellerPanel lot={lot} format={money} canCancel={Boolean(canCancel)} />
            ) : (
              <LotBidding
                key={lot.id}
                lot={lot}
                format={money}
                signedIn={Boolean(me)}
                isSeller={isSeller}
              />
            )}
          </>
        )}

        {lot.description ? (
          <section className="panel" aria-labelledby="desc-h">
            <h2 id="desc-h">{t('lot.description')}</h2>
            <p className="description">{lot.description}</p>
          </section>
        ) : null}
      </div>
      {/* Below the bid bar's part: hydrated after it, in tasks of their own (decision 0062). */}
      <aside className="lot-side">
        <HydrateApart>
          <section className="panel" aria-label={t('lot.watchersTitle')}>
            <Watchers lotId={lot.id} me={me} sellerId={lot.sellerId} />
          </section>
        </HydrateApart>
        <HydrateApart>
          <BidHistoryList
            lotId={lot.id}
            currency={currency}
            myAlias={me?.alias ?? null}
            isSeller={isSeller}
            winningBidId={result.data?.winningBidId ?? null}
            opensAt={opensAt}
          />
        </HydrateApart>
        {isSeller ? <BlockBidders lotId={lot.id} /> : null}
      </aside>
    </div>
  )
}
