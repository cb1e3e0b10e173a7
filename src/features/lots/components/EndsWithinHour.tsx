import { ENDING_SOON_LIST_MS, type LotSummary } from '../../../../common/auction'
import { useT } from '../../../i18n'
import { useServerNow } from '../clock'
import './filters.css'

/** "Ends within the hour" on an open lot's card (decision 0026), live with the server's clock. */
export function EndsWithinHour({ lot }: { lot: LotSummary }) {
  const { t } = useT()
  const now = useServerNow()
  const left = Date.parse(lot.endsAt) - now
  if (lot.status !== 'open' || left <= 0 || left > ENDING_SOON_LIST_MS) return null
  return <span className="ends-within-hour">{t('lots.endsWithinHour')}</span>
}
