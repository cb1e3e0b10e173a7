import { Link, useParams } from 'wouter'
import { isApiError } from '../../api/errors'
import { useCurrency } from '../../api/config'
import { EmptyState } from '../../components/EmptyState'
import { NothingSaved } from '../../components/NothingSaved'
import { QueryErrorState } from '../../components/QueryErrorState'
import { Loading } from '../../components/Spinner'
import { useDocumentTitle } from '../../components/useDocumentTitle'
import type { Receipt } from '../../../common/auction'
import { useT, type Translate } from '../../i18n'
import { useOnline } from '../../offline/online'
import { SignedInOnly, useMe } from '../auth'
import { formatDateTime } from './format'
import { useReceipt } from './receipt-api'
import './receipt.css'

/**
 * What the sale is made of, on the side the reader is on (issue 29): the buyer's receipt shows the
 * hammer price, the premium and the shipping that make what they paid; the seller's statement the
 * hammer price and shipping less the fee that make what they receive. Sales from before orders
 * have nothing to itemise.
 */
function itemRows(
  receipt: Receipt,
  t: Translate,
  money: (minor: number) => string,
): Array<[string, string]> {
  const a = receipt.amounts
  if (!a) return []
  const rows: Array<[string, string]> = [
    [t('order.hammer'), money(a.hammer)],
    [t('order.shipping'), money(a.shipping)],
  ]
  if (receipt.kind === 'purchase') rows.splice(1, 0, [t('order.premium'), money(a.premium)])
  else rows.push([t('order.sellerFee'), money(-a.sellerFee)])
  return rows
}

/** `/wallet/receipts/:entryId`: a purchase's receipt or a sale's statement, printable. */
export default function ReceiptScreen() {
  const { t } = useT()
  useDocumentTitle(t('receipt.title'))
  return (
    <div className="receipt-screen">
      <p className="back no-print">
        <Link href="/wallet">← {t('receipt.back')}</Link>
      </p>
      <SignedInOnly signInTitle={t('receipt.signIn')}>
        <ReceiptBody />
      </SignedInOnly>
    </div>
  )
}

function ReceiptBody() {
  const { t, lang, formatMoney } = useT()
  const { entryId = '' } = useParams<{ entryId: string }>()
  const me = useMe().data
  const online = useOnline()
  const currency = useCurrency()
  const query = useReceipt(entryId, Boolean(me))
  const receipt = query.data
  if (!receipt) {
    if (isApiError(query.error) && query.error.status === 404) {
      return (
        <EmptyState
          title={t('receipt.notFound')}
          action={<Link href="/wallet">{t('receipt.back')}</Link>}
        >
          <p>{t('receipt.notFoundBody')}</p>
        </EmptyState>
      )
    }
    if (query.isError) return <QueryErrorState query={query} title={t('receipt.error')} />
    if (!online) return <NothingSaved />
    return <Loading label={t('receipt.loading')} />
  }
  const purchase = receipt.kind === 'purchase'
  const rows: Array<[string, string]> = [
    [t('receipt.reference'), receipt.reference],
    [t('receipt.date'), formatDateTime(receipt.createdAt, lang)],
    [t('receipt.lot'), receipt.lotTitle],
    [t('receipt.seller'), receipt.seller],
    [t('receipt.buyer'), purchase ? (me?.name ?? me?.alias ?? '') : (receipt.buyer ?? '—')],
    ...itemRows(receipt, t, (minor) => formatMoney(minor, currency)),
    [t(purchase ? 'receipt.paid' : 'receipt.credited'), formatMoney(receipt.amount, currency)],
  ]
  return (
    <article className="panel receipt" aria-labelledby="receipt-h" data-testid="receipt">
      <h1 id="receipt-h">
        {t(purchase ? 'receipt.title' : 'receipt.titleSale')} · {receipt.reference}
      </h1>
      <dl className="receipt-rows">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="receipt-actions no-print">
        <button type="button" className="btn btn-primary" onClick={() => window.print()}>
          {t('receipt.print')}
        </button>
        {receipt.orderId ? (
          <Link className="btn btn-secondary" href={`/orders/${receipt.orderId}`}>
            {t('receipt.order')}
          </Link>
        ) : null}
        <Link className="btn btn-secondary" href={`/lots/${encodeURIComponent(receipt.lotId)}`}>
          {t('receipt.lot')}: {receipt.lotTitle}
        </Link>
      </p>
    </article>
  )
}
