import type { LotDelivery } from '../../../../common/orders/delivery'
import { useT } from '../../../i18n'

/**
 * How a lot reaches its buyer, in one line: "Shipping €6.50 · Pickup in Segovia". Lots listed
 * before delivery existed say it is arranged with the seller.
 */
export function DeliveryLine({
  delivery,
  currency,
  className,
}: {
  delivery: LotDelivery
  currency: string
  className?: string
}) {
  const { t, formatMoney } = useT()
  const parts: string[] = []
  if (delivery.shipping) {
    const { cost } = delivery.shipping
    parts.push(
      cost === 0
        ? t('delivery.freeShipping')
        : t('delivery.shipping', { cost: formatMoney(cost, currency) }),
    )
  }
  if (delivery.pickup) parts.push(t('delivery.pickup', { town: delivery.pickup.town }))
  return <p className={className}>{parts.length > 0 ? parts.join(' · ') : t('delivery.none')}</p>
}
