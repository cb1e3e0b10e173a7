import type { MyLotStatus } from '../../../../common/auction'
import { useT } from '../../../i18n'
import './ending.css'

/**
 * Where I stand on a lot, as a chip on its card: Leading, Outbid, Won, Lost, or Watching when I
 * watch it without a bid (decision 0023). Nothing when the server does not say.
 */
export function StatusChip({ status, watching }: { status: MyLotStatus; watching?: boolean }) {
  const { t } = useT()
  const chip = status ?? (watching ? 'watching' : null)
  if (!chip) return null
  return (
    <span className={`status-chip chip-${chip}`} data-testid="status-chip">
      {t(`chip.${chip}`)}
    </span>
  )
}
