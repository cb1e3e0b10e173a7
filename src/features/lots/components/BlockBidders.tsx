import { useState } from 'react'
import { Button } from '../../../components/Button'
import { useT } from '../../../i18n'
import { errorMessage } from '../../../i18n/error-message'
import { useOnline } from '../../../offline/online'
import { useBidHistory } from '../api'
import { useBlockedBidders, useSetBlocked } from '../api/tools'

/**
 * Under the seller's own bid history (issue 32): each member who bid, by their public alias, with
 * "Block this bidder" after a confirmation. A block refuses their bids on all the seller's lots
 * from now on; a lead they already have stays (docs/product.md "Seller tools").
 */
export function BlockBidders({ lotId }: { lotId: string }) {
  const { t } = useT()
  const history = useBidHistory(lotId)
  const blocks = useBlockedBidders()
  const aliases = [...new Set((history.data?.items ?? []).map((row) => row.bidder))]
  if (aliases.length === 0) return null
  const blocked = new Set((blocks.data?.items ?? []).map((b) => b.alias))
  return (
    <section className="panel block-bidders" aria-labelledby="block-bidders-h">
      <h2 id="block-bidders-h">{t('tools.block.title')}</h2>
      <p className="muted small">{t('tools.block.hint')}</p>
      <ul className="block-list" role="list">
        {aliases.map((alias) => (
          <BidderRow key={alias} alias={alias} blocked={blocked.has(alias)} />
        ))}
      </ul>
    </section>
  )
}

function BidderRow({ alias, blocked }: { alias: string; blocked: boolean }) {
  const { t, lang } = useT()
  const online = useOnline()
  const set = useSetBlocked()
  const [confirming, setConfirming] = useState(false)
  return (
    <li className="block-row">
      <span className="block-alias">{alias}</span>
      {blocked ? (
        <span className="tag" data-testid="bidder-blocked">
          {t('tools.block.blocked')}
        </span>
      ) : confirming ? (
        <div className="confirm" role="group" aria-label={t('tools.block.button', { alias })}>
          <p>{t('tools.block.confirm', { alias })}</p>
          <div className="actions">
            <Button
              variant="danger"
              pending={set.isPending}
              disabled={!online}
              disabledReason={t('tools.block.offline')}
              onClick={() =>
                set.mutate({ alias, blocked: true }, { onSuccess: () => setConfirming(false) })
              }
            >
              {t('tools.block.confirmButton')}
            </Button>
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => setConfirming(false)}
            >
              {t('tools.block.keep')}
            </button>
          </div>
        </div>
      ) : (
        <Button
          variant="ghost"
          disabled={!online}
          disabledReason={t('tools.block.offline')}
          aria-label={t('tools.block.button', { alias })}
          onClick={() => setConfirming(true)}
        >
          {t('tools.block.short')}
        </Button>
      )}
      {set.isError ? (
        <p className="notice notice-error" role="alert">
          {errorMessage(set.error, lang)}
        </p>
      ) : null}
    </li>
  )
}
