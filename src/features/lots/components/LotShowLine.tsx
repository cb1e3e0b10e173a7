import { Link } from 'wouter'
import type { LotSummary } from '../../../../common/auction'
import { useT } from '../../../i18n'
import { dateTimeFormat } from '../../../i18n/intl'
import { useTimeZone } from '../../../i18n/time-zone'
import { useLotShow } from '../api'

/**
 * A show's lot names its show and links to it (issue 34). Queued, it opens when the host reaches
 * it, so the line says when the show starts rather than the lot's own stand-in start. Until the
 * show's name is here (or when it cannot be fetched) the line still links to it.
 */
export function LotShowLine({ lot }: { lot: Pick<LotSummary, 'showId' | 'status'> }) {
  const { t, lang } = useT()
  const timeZone = useTimeZone()
  const show = useLotShow(lot.showId).data
  if (!lot.showId) return null
  const href = `/shows/${lot.showId}`
  if (!show) {
    return (
      <p className="small lot-show-line">
        <Link href={href}>{t('lot.show.unnamed')}</Link>
      </p>
    )
  }
  const when = dateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone })
  const queued = lot.status === 'scheduled'
  let text: string
  if (queued && show.state === 'scheduled')
    text = t('lot.show.queued', { title: show.title, time: when.format(new Date(show.startsAt)) })
  else if (queued && show.state !== 'ended') text = t('lot.show.queuedLive', { title: show.title })
  else text = t('lot.show.part', { title: show.title })
  return (
    <p className="small lot-show-line" data-testid="lot-show">
      <Link href={href}>{text}</Link>
    </p>
  )
}
