import { ErrorPanel } from '../components/ErrorPanel'
import { useT } from '../i18n'
import { isChunkLoadError } from './preload-recovery'

/**
 * What shows in place of a screen that threw or whose chunk could not load: a retry, or a reload
 * for a chunk (the page may be older than the deploy). Plain markup in the entry, not the screens'
 * ErrorState: its Button would be in every first visit's entry for a screen that shows only when
 * something broke, and no chunk of its own, which might be what failed (decision 0045).
 */
export function CrashScreen({ error, reset }: { error: unknown; reset: () => void }) {
  const { t } = useT()
  const chunkFailed = isChunkLoadError(error)
  // What reaches here is a chunk that did not load or a defect: no query throws to a boundary,
  // so there is no server's answer to put in words (screens show those with errorMessage).
  const message = chunkFailed && !navigator.onLine ? t('error.chunkOffline') : t('errors.unknown')
  return (
    <ErrorPanel title={t('error.screenTitle')} message={message}>
      <div className="state-action">
        <button
          type="button"
          className="btn btn-secondary"
          onClick={chunkFailed ? () => window.location.reload() : reset}
        >
          {chunkFailed ? t('common.reload') : t('common.retry')}
        </button>
      </div>
    </ErrorPanel>
  )
}
