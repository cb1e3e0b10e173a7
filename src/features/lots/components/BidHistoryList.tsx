import type { BidRow } from '../../../../common/auction'
import { InlineRetry } from '../../../components/InlineRetry'
import { useT } from '../../../i18n'
import { dateTimeFormat } from '../../../i18n/intl'
import { useTimeZone } from '../../../i18n/time-zone'
import { useBidHistory } from '../api'

export function BidHistoryList({
  lotId,
  currency,
  myAlias,
  isSeller = false,
  winningBidId = null,
  opensAt = null,
}: {
  lotId: string
  currency: string
  myAlias: string | null
  /** The seller's own room: an empty history is not an invitation to bid. */
  isSeller?: boolean
  /** A sold lot's winning bid, marked in the list (decision 0023). */
  winningBidId?: number | null
  /** A scheduled lot's opening, said ("bidding opens Fri 2:00 PM") instead of "Be the first". */
  opensAt?: string | null
}) {
  const { t, lang, formatMoney } = useT()
  const timeZone = useTimeZone()
  const history = useBidHistory(lotId)
  const time = dateTimeFormat(lang, { timeStyle: 'medium', timeZone })
  const rows: BidRow[] = history.data?.items ?? []
  return (
    <section className="panel history" aria-labelledby="history-h">
      <h2 id="history-h">{t('lot.history')}</h2>
      {history.isPending ? (
        <p className="muted">
          {history.fetchStatus === 'paused' ? t('offline.nothingSavedBody') : t('app.loading')}
        </p>
      ) : history.isError && rows.length === 0 ? (
        <InlineRetry message={t('lot.historyError')} onRetry={() => void history.refetch()} />
      ) : rows.length === 0 ? (
        <p className="muted">
          {opensAt
            ? t('lot.historyNotOpen', { time: opensAt })
            : t(isSeller ? 'sell.historyEmpty' : 'lot.historyEmpty')}
        </p>
      ) : (
        <ol className="history-list" reversed>
          {rows.map((row) => (
            <li
              key={row.id}
              className={
                [
                  row.bidder === myAlias ? 'history-mine' : '',
                  row.id === winningBidId ? 'history-winning' : '',
                ]
                  .filter(Boolean)
                  .join(' ') || undefined
              }
              data-testid={row.id === winningBidId ? 'winning-bid' : undefined}
            >
              <span className="history-bidder">
                {row.bidder}
                {row.bidder === myAlias ? ` (${t('lot.you')})` : null}
                {row.id === winningBidId ? (
                  <span className="tag tag-winning">{t('result.winningBid')}</span>
                ) : null}
              </span>
              <span className="history-amount">{formatMoney(row.amount, currency)}</span>
              {row.auto ? (
                <span className="tag" title={t('lot.autoLabel')}>
                  {t('lot.auto')}
                  <span className="visually-hidden"> — {t('lot.autoLabel')}</span>
                </span>
              ) : (
                <span />
              )}
              <time className="history-time muted small" dateTime={row.createdAt}>
                {time.format(new Date(row.createdAt))}
              </time>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
