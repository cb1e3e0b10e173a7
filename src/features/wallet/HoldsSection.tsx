import { Link } from 'wouter'
import type { WalletHold } from '../../../common/wallet'
import { InlineRetry } from '../../components/InlineRetry'
import { Loading } from '../../components/Spinner'
import { useT } from '../../i18n'
import type { useHolds } from './api'
import { formatDateTime } from './format'

/** Money held by the lots the user leads; a failure here keeps the rest of the wallet usable. */
export function HoldsSection({
  holds,
  money,
}: {
  holds: ReturnType<typeof useHolds>
  money: (minor: number) => string
}) {
  const { t } = useT()
  return (
    <section className="wallet-section" aria-labelledby="wallet-holds-title">
      <h2 id="wallet-holds-title">{t('wallet.holds.title')}</h2>
      {holds.data ? (
        holds.data.length ? (
          <ul className="holds">
            {holds.data.map((hold) => (
              <HoldRow key={hold.lotId} hold={hold} money={money} />
            ))}
          </ul>
        ) : (
          <p className="muted">{t('wallet.holds.empty')}</p>
        )
      ) : holds.isError ? (
        <InlineRetry message={t('wallet.holds.error')} onRetry={() => void holds.refetch()} alert />
      ) : holds.fetchStatus === 'paused' ? (
        <p className="muted">{t('offline.nothingSavedBody')}</p>
      ) : (
        <Loading label={t('app.loading')} />
      )}
    </section>
  )
}

function HoldRow({ hold, money }: { hold: WalletHold; money: (minor: number) => string }) {
  const { t, lang } = useT()
  return (
    <li className="hold">
      <div className="hold-main">
        <Link href={`/lots/${encodeURIComponent(hold.lotId)}`}>{hold.lotTitle}</Link>
        <span className="muted small">
          {t('wallet.holds.ends', { time: formatDateTime(hold.lotEndsAt, lang) })}
        </span>
      </div>
      <strong className="hold-amount">{money(hold.amount)}</strong>
    </li>
  )
}
