import type { OrderState } from '../../../../common/orders/states'
import { useT } from '../../../i18n'

/** The order's state as a chip: "To be sent", "Sent", "Completed"… */
export function OrderStateChip({ state }: { state: OrderState }) {
  const { t } = useT()
  return (
    <span className={`status-chip order-chip order-chip-${state}`} data-testid="order-state">
      {t(`order.state.${state}`)}
    </span>
  )
}
