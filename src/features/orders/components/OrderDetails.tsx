import type { OrderDetail } from '../../../../common/orders/shapes'
import { useT, type MessageKey } from '../../../i18n'
import { dateTimeFormat } from '../../../i18n/intl'
import { usePickupNote } from '../api/orders'
import { AddressLines } from './AddressLines'

/** Where it goes: the address it ships to with the carrier and tracking, or the pickup place. */
export function DeliverySection({ order }: { order: OrderDetail }) {
  const { t } = useT()
  const pickup =
    order.shipTo === null &&
    (order.delivery === 'pickup' || order.events.some((e) => e.move === 'choose_pickup'))
  return (
    <section className="panel" aria-labelledby="order-delivery-h">
      <h2 id="order-delivery-h">{t('order.delivery')}</h2>
      {pickup ? (
        <PickupPlace order={order} />
      ) : order.shipTo ? (
        <dl className="order-rows">
          <div>
            <dt>{t('order.shipTo')}</dt>
            <dd data-testid="ship-to">
              <AddressLines address={order.shipTo} />
            </dd>
          </div>
          {order.carrier ? (
            <div>
              <dt>{t('order.carrier')}</dt>
              <dd data-testid="carrier">{order.carrier}</dd>
            </div>
          ) : null}
          {order.carrier ? (
            <div>
              <dt>{t('order.tracking')}</dt>
              <dd data-testid="tracking">{order.trackingNumber ?? t('order.noTracking')}</dd>
            </div>
          ) : null}
        </dl>
      ) : (
        <p className="muted">{t('order.noAddressYet')}</p>
      )}
    </section>
  )
}

/** The town, and the exact place the seller gave: shown only to the two sides of the sale. */
function PickupPlace({ order }: { order: OrderDetail }) {
  const { t } = useT()
  const note = usePickupNote(order.lot.id)
  return (
    <>
      <p>
        <strong>{t('order.pickupIn', { town: order.pickupTown ?? '—' })}</strong>
      </p>
      <h3>{t('order.pickupNote')}</h3>
      <p className="description" data-testid="pickup-note">
        {note.data ?? (note.isSuccess ? t('order.pickupNoteNone') : '…')}
      </p>
    </>
  )
}

/** Hammer price, premium, shipping, fee: what the buyer paid and what the seller receives. */
export function AmountsSection({
  order,
  money,
}: {
  order: OrderDetail
  money: (minor: number) => string
}) {
  const { t } = useT()
  const a = order.amounts
  const rows: Array<[MessageKey, number, string?]> = [
    ['order.hammer', a.hammer],
    ['order.premium', a.premium],
    ['order.shipping', a.shipping],
    ['order.buyerTotal', a.buyerTotal, 'order-total'],
  ]
  if (order.viewer !== 'buyer') {
    rows.push(
      ['order.sellerFee', -a.sellerFee],
      ['order.sellerProceeds', a.sellerProceeds, 'order-total'],
    )
  }
  if (order.refundedAmount) rows.push(['order.refunded', order.refundedAmount])
  return (
    <section className="panel" aria-labelledby="order-amounts-h">
      <h2 id="order-amounts-h">{t('order.amounts')}</h2>
      <dl className="order-amounts" data-testid="order-amounts">
        {rows.map(([label, amount, className]) => (
          <div key={label} className={className}>
            <dt>{t(label)}</dt>
            <dd>{money(amount)}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

/** Every move the order went through, oldest first, with its time. */
export function Timeline({ order }: { order: OrderDetail }) {
  const { t, lang } = useT()
  const time = dateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' })
  return (
    <section className="panel" aria-labelledby="order-timeline-h">
      <h2 id="order-timeline-h">{t('order.timeline')}</h2>
      <ol className="order-timeline" data-testid="order-timeline">
        {order.events.map((event, i) => (
          <li key={`${event.at}-${i}`}>
            <span>{t(`order.event.${event.move}`)}</span>{' '}
            <time className="muted small" dateTime={event.at}>
              {time.format(new Date(event.at))}
            </time>
          </li>
        ))}
      </ol>
    </section>
  )
}
