import { Link } from 'wouter'
import type { LotDetail, LotResult as Result } from '../../../../common/auction'
import { InlineRetry } from '../../../components/InlineRetry'
import { useT, type MessageKey } from '../../../i18n'
import { dateTimeFormat } from '../../../i18n/intl'
import { useTimeZone } from '../../../i18n/time-zone'
import { useLotResult } from '../api/result'
import { OrderStateChip, useOrder } from '../../orders'
import './ending.css'

/** The headline of a finished lot: from the lot at once, refined by who I am once known. */
function headline(lot: LotDetail, result: Result | undefined): MessageKey {
  switch (lot.status) {
    case 'settled':
      if (result?.viewer === 'seller') return 'result.soldYours'
      return lot.my?.status === 'won' || result?.viewer === 'winner'
        ? 'result.soldToYou'
        : 'result.sold'
    case 'unsold':
      return lot.bidCount > 0 ? 'result.unsoldReserve' : 'result.unsoldNoBids'
    case 'cancelled':
      return 'result.cancelled'
    default:
      return 'result.settling'
  }
}

/**
 * Replaces the price panel and the bid form once a lot is over (decision 0023): how it ended,
 * the way to my wallet entry (the winner's receipt, the seller's credit), the seller's next steps.
 */
export function LotResult({
  lot,
  format,
  viewerKey,
}: {
  lot: LotDetail
  format: (minor: number) => string
  viewerKey: string | null
}) {
  const { t, lang } = useT()
  const timeZone = useTimeZone()
  const query = useLotResult(lot.id, true, viewerKey)
  const result = query.data
  const key = headline(lot, result)
  const price = format(result?.price ?? lot.currentPrice ?? lot.startingPrice)
  const ended = dateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone })
  const mine = result?.viewer === 'winner' || result?.viewer === 'seller'
  return (
    <section className="panel lot-result" aria-labelledby="result-h" data-testid="lot-result">
      <h2 id="result-h" className="label">
        {t('result.title')}
      </h2>
      <p className={`result-headline result-${lot.status}`} data-testid="result-headline">
        {t(key, { price })}
      </p>
      {lot.status === 'cancelled' ? (
        <CancelNote lot={lot} />
      ) : (
        <p className="muted small">
          {t('result.endedAt', { time: ended.format(new Date(lot.endsAt)) })}
        </p>
      )}
      {lot.my?.status === 'won' || lot.my?.status === 'lost' ? (
        <p className={`my-status my-${lot.my.status}`} data-testid="my-status">
          <strong>{t(`lot.my.${lot.my.status}`)}</strong>
        </p>
      ) : null}
      {result?.viewer === 'seller' && result.entryAmount !== null ? (
        <p>{t('result.credited', { amount: format(result.entryAmount) })}</p>
      ) : null}
      {result?.entryId ? (
        <p>
          <Link className="btn btn-secondary" href={`/wallet/receipts/${result.entryId}`}>
            {t(result.viewer === 'seller' ? 'result.saleEntry' : 'result.receipt')}
          </Link>
        </p>
      ) : null}
      {result?.orderId ? <OrderLink orderId={result.orderId} /> : null}
      {mine && lot.status === 'settled' && (result.nextSteps || !result.orderId) ? (
        <div className="next-steps">
          <h3>{t('result.nextSteps')}</h3>
          <p className="description" data-testid="next-steps">
            {result.nextSteps ?? t('result.nextStepsNone')}
          </p>
        </div>
      ) : null}
      {query.isError ? (
        <InlineRetry message={t('result.error')} onRetry={() => void query.refetch()} small />
      ) : null}
    </section>
  )
}

/**
 * Who cancelled and when (issue 32): Lotline's reason when an admin took the lot down, else the
 * seller; the time of the cancel, not the end the lot would have had.
 */
function CancelNote({ lot }: { lot: LotDetail }) {
  const { t, lang } = useT()
  const timeZone = useTimeZone()
  const at = dateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone })
  return (
    <>
      <p data-testid="cancel-reason">
        {lot.cancelReason
          ? t('tools.cancel.byLotline', { reason: lot.cancelReason })
          : t('tools.cancel.bySeller')}
      </p>
      {lot.cancelledAt ? (
        <p className="muted small">
          {t('tools.cancel.at', { time: at.format(new Date(lot.cancelledAt)) })}
        </p>
      ) : null}
    </>
  )
}

/**
 * The way on from a sale (issue 29): its order, where the winner chooses where it goes and both
 * sides follow it to the door. Its state shows once the order is loaded.
 */
function OrderLink({ orderId }: { orderId: string }) {
  const { t } = useT()
  const order = useOrder(orderId, true).data
  const choose = order?.viewer === 'buyer' && order.nextMoves.includes('choose_address')
  return (
    <p className="result-order">
      <Link
        className={choose ? 'btn btn-primary' : 'btn btn-secondary'}
        href={`/orders/${orderId}`}
        data-testid="result-order"
      >
        {t(
          choose && order.state === 'awaiting_address' ? 'result.chooseWhere' : 'result.viewOrder',
        )}
      </Link>{' '}
      {order ? <OrderStateChip state={order.state} /> : null}
    </p>
  )
}
