import { useIsMutating } from '@tanstack/react-query'
import { useT } from '../../../i18n'
import { useOnline } from '../../../offline/online'
import { WATCH_KEY, useWatchToggle } from '../watch-toggle'

/** Watch/unwatch toggle (aria-pressed); works offline — the change is queued and replayed. */
export function WatchButton({ lotId, watching }: { lotId: string; watching: boolean }) {
  const { t } = useT()
  const online = useOnline()
  const toggle = useWatchToggle()
  const queued = useIsMutating({
    mutationKey: WATCH_KEY,
    predicate: (m) =>
      m.state.isPaused && (m.state.variables as { lotId?: string })?.lotId === lotId,
  })
  return (
    <div className="watch">
      <button
        type="button"
        className={`btn ${watching ? 'btn-primary' : 'btn-secondary'} watch-btn`}
        aria-pressed={watching}
        onClick={() => toggle.mutate({ lotId, watching: !watching })}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" className="watch-icon">
          <path
            d="M12 21s-7-4.4-9.3-9A5.3 5.3 0 0 1 12 6.3 5.3 5.3 0 0 1 21.3 12C19 16.6 12 21 12 21z"
            fill={watching ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
          />
        </svg>
        {watching ? t('lot.unwatch') : t('lot.watch')}
      </button>
      {queued > 0 || (!online && toggle.isPaused) ? (
        <span className="small muted">{t('lot.watchQueued')}</span>
      ) : null}
    </div>
  )
}
