import type { LotStatus } from '../../../../common/auction'
import { useT, type MessageKey } from '../../../i18n'

export function LotStatusBadge({ status }: { status: LotStatus }) {
  const { t } = useT()
  return <span className={`badge badge-${status}`}>{t(`lots.status.${status}` as MessageKey)}</span>
}
