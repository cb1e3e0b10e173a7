import { useEffect, useId, useRef, useState } from 'react'
import { hostMove, type HostAction, type ShowDetail } from '../../../../common/shows'
import { Button } from '../../../components/Button'
import { useT, type MessageKey, type Translate } from '../../../i18n'
import { errorMessage } from '../../../i18n/error-message'
import { useOnline } from '../../../offline/online'
import { useHostMove } from '../api'
import { hostSituation, nextLot } from '../show-state'

/** Why a move cannot be made now, or null when it can: `hostMove` decides as the server does. */
export function moveBlocked(show: ShowDetail, action: HostAction, t: Translate): string | null {
  const lotId = action === 'next' || action === 'skip' ? nextLot(show)?.lotId : undefined
  const verdict = hostMove(action, hostSituation(show), lotId)
  if ('refuse' in verdict) return t(`errors.${verdict.refuse}` as MessageKey)
  if (verdict.do === 'already') return t(`shows.host.already.${action}` as MessageKey)
  return null
}

/** Moves that ask "are you sure?" first: they cannot be taken back. */
const CONFIRMED: readonly HostAction[] = ['end', 'skip']

/**
 * The host's buttons: Start, Open next lot, Pause/Resume, Skip next lot, End. Each is disabled with
 * its reason when the show's state does not allow it; End and Skip ask for a confirmation.
 */
export function HostControls({ show }: { show: ShowDetail }) {
  const { t, lang } = useT()
  const online = useOnline()
  const move = useHostMove(show.id)
  const [confirming, setConfirming] = useState<HostAction | null>(null)
  const confirmRef = useRef<HTMLButtonElement>(null)
  const baseId = useId()
  const next = nextLot(show)
  // The confirmation takes the focus when it opens, so a keyboard user answers it next.
  useEffect(() => {
    if (confirming) confirmRef.current?.focus()
  }, [confirming])
  const send = (action: HostAction) => {
    setConfirming(null)
    const lotId = action === 'next' || action === 'skip' ? next?.lotId : undefined
    move.mutate({ action, lotId })
  }
  const button = (
    action: HostAction,
    label: string,
    variant: 'primary' | 'secondary' | 'danger',
  ) => {
    const blocked = online ? moveBlocked(show, action, t) : t('shows.host.offline')
    return (
      <div className="host-move" key={action}>
        <Button
          variant={variant}
          disabled={blocked !== null}
          disabledReason={blocked}
          reasonId={`${baseId}-${action}`}
          pending={move.isPending && move.variables?.action === action}
          onClick={() => (CONFIRMED.includes(action) ? setConfirming(action) : send(action))}
        >
          {label}
        </Button>
      </div>
    )
  }
  const paused = show.state === 'paused'
  return (
    <section className="panel host-controls" aria-labelledby="host-controls-h">
      <h2 id="host-controls-h">{t('shows.host.controls')}</h2>
      <div className="host-moves">
        {show.state === 'scheduled' ? button('start', t('shows.host.start'), 'primary') : null}
        {button(
          'next',
          next ? t('shows.host.nextNamed', { title: next.lot.title }) : t('shows.host.next'),
          'primary',
        )}
        {paused
          ? button('resume', t('shows.host.resume'), 'secondary')
          : button('pause', t('shows.host.pause'), 'secondary')}
        {button('skip', t('shows.host.skip'), 'secondary')}
        {button('end', t('shows.host.end'), 'danger')}
      </div>
      {confirming ? (
        <div
          className="confirm"
          role="group"
          aria-label={t(`shows.host.confirm.${confirming}` as MessageKey)}
        >
          <p>
            {confirming === 'skip' && next
              ? t('shows.host.confirm.skipBody', { title: next.lot.title })
              : t('shows.host.confirm.endBody')}
          </p>
          <div className="actions">
            <button
              ref={confirmRef}
              type="button"
              className="btn btn-danger"
              onClick={() => send(confirming)}
            >
              {t(`shows.host.confirm.${confirming}` as MessageKey)}
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => setConfirming(null)}>
              {t('shows.host.confirm.cancel')}
            </button>
          </div>
        </div>
      ) : null}
      {move.isError ? (
        <p className="notice notice-error" role="alert">
          {errorMessage(move.error, lang)}
        </p>
      ) : null}
    </section>
  )
}
