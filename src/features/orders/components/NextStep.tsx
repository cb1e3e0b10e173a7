import { useState } from 'react'
import { Link } from 'wouter'
import type { Order } from '../../../../common/orders/shapes'
import { Button } from '../../../components/Button'
import { useT } from '../../../i18n'
import { errorMessage } from '../../../i18n/error-message'
import { dateTimeFormat } from '../../../i18n/intl'
import { ChooseDelivery } from './ChooseDelivery'
import { ConfirmMove } from './ConfirmMove'
import type { Mover } from './mover'
import { nextStepKey, otherSide } from './next-step'
import { ShipForm } from './ShipForm'

/**
 * Where the order stands and the one thing whoever must act can do now (the moves the server
 * offers this viewer), with the dates that move it on by themselves.
 */
export function NextStep({
  order,
  mover,
  error,
  money,
}: {
  order: Order
  mover: Mover
  error: unknown
  money: (minor: number) => string
}) {
  const { t, lang } = useT()
  const [changing, setChanging] = useState(false)
  const date = dateTimeFormat(lang, { dateStyle: 'medium' })
  const can = (move: Order['nextMoves'][number]) => order.nextMoves.includes(move)
  const name = otherSide(order)
  const pickup = order.state === 'awaiting_pickup'
  return (
    <section className="panel order-next" aria-labelledby="order-next-h">
      <h2 id="order-next-h" aria-live="polite" data-testid="order-next">
        {t(nextStepKey(order), { name })}
      </h2>
      {order.shipBy ? (
        <p className="muted small">
          {t(can('open_problem') ? 'order.shipByOpen' : 'order.shipBy', {
            date: date.format(new Date(order.shipBy)),
          })}
        </p>
      ) : null}
      {order.autoCompleteAt ? (
        <p className="muted small" data-testid="auto-complete">
          {t('order.autoComplete', { date: date.format(new Date(order.autoCompleteAt)) })}
        </p>
      ) : null}
      {order.viewer === 'seller' && !['completed', 'refunded'].includes(order.state) ? (
        <p className="muted small">
          {t('order.paidOnCompletion', { amount: money(order.amounts.sellerProceeds) })}
        </p>
      ) : null}

      {order.viewer === 'admin' && order.state === 'problem' ? (
        <p>
          <Link href="/admin?tab=orders" className="btn btn-secondary">
            {t('order.resolveInAdmin')}
          </Link>
        </p>
      ) : null}
      {order.state === 'awaiting_address' && can('choose_address') ? (
        <ChooseDelivery order={order} mover={mover} money={money} />
      ) : null}
      {order.state === 'awaiting_shipment' && can('choose_address') ? (
        changing ? (
          <ChooseDelivery
            order={order}
            mover={mover}
            money={money}
            onCancel={() => setChanging(false)}
          />
        ) : (
          <p>
            <Button variant="secondary" onClick={() => setChanging(true)}>
              {t('order.choose.change')}
            </Button>
          </p>
        )
      ) : null}
      {can('ship') ? <ShipForm mover={mover} /> : null}
      {can('confirm_receipt') || can('open_problem') ? (
        <div className="actions order-actions">
          {can('confirm_receipt') ? (
            <ConfirmMove
              action={{ type: 'confirm_receipt' }}
              label={pickup ? 'order.receipt.submitPickup' : 'order.receipt.submit'}
              question="order.receipt.confirm"
              yes="order.receipt.yes"
              vars={{ name }}
              mover={mover}
            />
          ) : null}
          {can('open_problem') ? (
            <ConfirmMove
              action={{ type: 'open_problem' }}
              label="order.problem.submit"
              question="order.problem.confirm"
              yes="order.problem.yes"
              variant="secondary"
              mover={mover}
            />
          ) : null}
        </div>
      ) : null}
      {error ? (
        <p className="field-error" role="alert" data-testid="move-error">
          {errorMessage(error, lang)}
        </p>
      ) : null}
    </section>
  )
}
