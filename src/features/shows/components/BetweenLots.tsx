import type { ShowDetail } from '../../../../common/shows'
import { useT } from '../../../i18n'
import { formatRemaining, useServerNow } from '../../lots'
import { nextLot } from '../show-state'

/** No lot on the block: what comes next, and when if auto-advance has set the moment. */
export function BetweenLots({ show }: { show: ShowDetail }) {
  const { t } = useT()
  const now = useServerNow()
  const next = nextLot(show)
  if (!next) {
    return (
      <section className="panel show-between" data-testid="show-between">
        <p>{t('shows.noMoreLots')}</p>
      </section>
    )
  }
  const at = show.nextLotAt ? Date.parse(show.nextLotAt) : null
  return (
    <section className="panel show-between" data-testid="show-between">
      <p className="label">{t('shows.upNext')}</p>
      <h2>{next.lot.title}</h2>
      <p className="muted">
        {show.state === 'paused'
          ? t('shows.pausedBody')
          : at !== null
            ? t('shows.opensIn', { time: formatRemaining(at - now) })
            : t('shows.opensByHost')}
      </p>
    </section>
  )
}
