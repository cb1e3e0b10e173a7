import { Link } from 'wouter'
import type { ShowDetail, ShowLot } from '../../../../common/shows'
import { useT } from '../../../i18n'
import { pastLots, queuedLots } from '../show-state'

/** One past lot's result: sold for €X, unsold, or skipped by the host. */
export function LotOutcome({
  entry,
  format,
}: {
  entry: ShowLot
  format: (minor: number) => string
}) {
  const { t } = useT()
  if (entry.state === 'skipped') return <>{t('shows.result.skipped')}</>
  if (entry.lot.status === 'settled')
    return (
      <>
        {t('shows.result.sold', {
          price: format(entry.lot.currentPrice ?? entry.lot.startingPrice),
        })}
      </>
    )
  return <>{t('shows.result.unsold')}</>
}

/** The queue of next lots, in order. */
export function ShowQueue({
  show,
  format,
}: {
  show: ShowDetail
  format: (minor: number) => string
}) {
  const { t } = useT()
  const queue = queuedLots(show)
  return (
    <section className="panel" aria-labelledby="show-queue-h">
      <h2 id="show-queue-h">{t('shows.queueTitle', { count: queue.length })}</h2>
      {queue.length === 0 ? (
        <p className="muted">{t('shows.queueEmpty')}</p>
      ) : (
        <ol className="show-lot-list" data-testid="show-queue">
          {queue.map((entry) => (
            <li key={entry.lotId}>
              <Link href={`/lots/${entry.lotId}`}>{entry.lot.title}</Link>
              <span className="muted small">
                {' · '}
                {t('lots.startingAt')} {format(entry.lot.startingPrice)}
                {' · '}
                {t('shows.timer', { seconds: entry.timerSeconds })}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}

/** Results so far, the latest first. */
export function ShowResults({
  show,
  format,
}: {
  show: ShowDetail
  format: (minor: number) => string
}) {
  const { t } = useT()
  const past = pastLots(show)
  return (
    <section className="panel" aria-labelledby="show-results-h">
      <h2 id="show-results-h">{t('shows.resultsTitle')}</h2>
      {past.length === 0 ? (
        <p className="muted">{t('shows.resultsEmpty')}</p>
      ) : (
        <ul className="show-lot-list" data-testid="show-results">
          {past.map((entry) => (
            <li key={entry.lotId}>
              <Link href={`/lots/${entry.lotId}`}>{entry.lot.title}</Link>
              {' — '}
              <strong>
                <LotOutcome entry={entry} format={format} />
              </strong>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
