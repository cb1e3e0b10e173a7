import { ENDING_SOON_LIST_MS, type LotSummary } from '../../../../common/auction'
import { useT } from '../../../i18n'
import { useServerClock } from '../clock'
import './filters.css'

/** "Ends within the hour" on an open lot's card (decision 0026), live with the server's clock. */
export function EndsWithinHour({ lot }: { lot: LotSummary }) {
  const { t } = useT()
  const soon = useServerClock((now) => {
    const left = Date.parse(lot.endsAt) - now
    return lot.status === 'open' && left > 0 && left <= ENDING_SOON_LIST_MS
  })
  if (!soon) return null
  return <span className="ends-within-hour">{t('lots.endsWithinHour')}</span>
}
