import { Button } from '../../../components/Button'
import { InlineRetry } from '../../../components/InlineRetry'
import { Loading } from '../../../components/Spinner'
import { useT } from '../../../i18n'
import { dateTimeFormat } from '../../../i18n/intl'
import { errorMessage } from '../../../i18n/error-message'
import { useOnline } from '../../../offline/online'
import { useBlockedBidders, useSetBlocked } from '../api/tools'

/** The account's list of blocked bidders (issue 32), each with Unblock. */
export function BlockedBiddersSection() {
  const { t, lang } = useT()
  const online = useOnline()
  const blocks = useBlockedBidders()
  const set = useSetBlocked()
  const date = dateTimeFormat(lang, { dateStyle: 'medium' })
  const items = blocks.data?.items ?? []
  return (
    <section className="account-section" aria-labelledby="blocked-h" data-testid="blocked-bidders">
      <h2 id="blocked-h">{t('tools.blocks.title')}</h2>
      <p className="muted small">{t('tools.blocks.intro')}</p>
      {blocks.isPending ? (
        blocks.fetchStatus === 'paused' ? (
          <p className="muted">{t('offline.nothingSavedBody')}</p>
        ) : (
          <Loading label={t('app.loading')} />
        )
      ) : blocks.isError && !blocks.data ? (
        <InlineRetry message={t('tools.blocks.error')} onRetry={() => void blocks.refetch()} />
      ) : items.length === 0 ? (
        <p className="muted">{t('tools.blocks.none')}</p>
      ) : (
        <ul className="address-book" role="list">
          {items.map((b) => (
            <li key={b.alias} className="address-entry">
              <span>
                <strong>{b.alias}</strong>{' '}
                <span className="muted small">
                  {t('tools.blocks.since', { date: date.format(new Date(b.createdAt)) })}
                </span>
              </span>
              <Button
                variant="secondary"
                disabled={!online}
                disabledReason={t('tools.block.offline')}
                aria-label={t('tools.blocks.unblockAlias', { alias: b.alias })}
                pending={set.isPending && set.variables?.alias === b.alias}
                onClick={() => set.mutate({ alias: b.alias, blocked: false })}
              >
                {t('tools.blocks.unblock')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {set.isError ? (
        <p className="field-error" role="alert">
          {errorMessage(set.error, lang)}
        </p>
      ) : null}
    </section>
  )
}
