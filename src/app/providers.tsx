import {
  IsRestoringProvider,
  QueryClientProvider,
  useIsRestoring,
  type QueryClient,
} from '@tanstack/react-query'
import { persistQueryClientSubscribe } from '@tanstack/react-query-persist-client'
import {
  useCallback,
  useDeferredValue,
  useEffect,
  useSyncExternalStore,
  type ReactNode,
} from 'react'
import { queryClient as appClient } from '../offline/query-client'
import { Loading } from '../components/Spinner'
import { ToastProvider } from '../components/Toast'
import { useT } from '../i18n'
import { flushOnLeave, flushPersistedState, persistOptions, startRestore } from '../offline/persist'
import { afterLoadAndIdle } from '../lib/idle'
import { useMemberNavReady } from './member-nav'
import { useBootScreenReady } from './routes'

/**
 * Nothing renders until the IndexedDB cache is restored: no flash of empty, no double fetch. The
 * app behind the gate then renders as deferred work, in slices React yields between, not in one
 * task that holds a slow phone's main thread for its whole first screen (decision 0035).
 */
function RestoreGate({ children }: { children: ReactNode }) {
  const restoring = useIsRestoring()
  const screenReady = useBootScreenReady()
  const settled = !restoring && screenReady
  // A member's header links are a chunk of their own (decision 0045): the header renders whole.
  const memberReady = useMemberNavReady(settled)
  const open = useDeferredValue(settled && memberReady)
  const { t } = useT()
  if (!open) return <Loading label={t('app.restoring')} />
  return <>{children}</>
}

function Toasts({ children }: { children: ReactNode }) {
  const { t } = useT()
  return <ToastProvider dismissLabel={t('toast.dismiss')}>{children}</ToastProvider>
}

/**
 * How the saved cache comes back: `gate`, before anything renders (the shell's boot); `deferred`,
 * once the page has loaded and gone idle, without holding anything back (a first screen the server
 * rendered, which hydrates from the data in the page; writes wait for the restore, decision 0059).
 */
export type RestoreMode = 'gate' | 'deferred'

const settledAlready = () => () => undefined

/**
 * What TanStack's PersistQueryClientProvider does, with the restore started by the boot rather
 * than by an effect after the first commit (decision 0038): true while the saved cache is being
 * restored; once it is, every change of the cache is saved (never before: the fresh cache would
 * overwrite a saved queue that has not come back yet).
 */
function useRestoring(client: QueryClient, mode: RestoreMode): boolean {
  const restore = mode === 'gate' ? startRestore(client) : undefined
  // An external store: React checks it again when it subscribes, so a restore that ends between
  // the render and the subscription (often, when the boot started it) is not missed.
  const subscribe = useCallback(
    (changed: () => void) => {
      if (!restore) return settledAlready()
      let subscribed = true
      void restore.done.then(() => subscribed && changed())
      return () => {
        subscribed = false
      }
    },
    [restore],
  )
  const restoring = !useSyncExternalStore(
    subscribe,
    () => restore?.settled ?? true,
    () => true,
  )
  useEffect(() => {
    if (mode === 'gate') {
      return restoring
        ? undefined
        : persistQueryClientSubscribe({ ...persistOptions, queryClient: client })
    }
    let stopped = false
    let unsubscribe: (() => void) | undefined
    const cancel = afterLoadAndIdle(() => {
      void startRestore(client).done.then(() => {
        if (stopped) return
        const unsubscribeSaving = persistQueryClientSubscribe({
          ...persistOptions,
          queryClient: client,
        })
        // What the page brought is saved now: the subscription saves only on the next change.
        void flushPersistedState(client).catch(() => undefined)
        const stopFlushing = flushOnLeave(client)
        unsubscribe = () => {
          unsubscribeSaving()
          stopFlushing()
        }
      })
    })
    return () => {
      stopped = true
      cancel()
      unsubscribe?.()
    }
  }, [client, restoring, mode])
  return restoring
}

export function AppProviders({
  children,
  client = appClient,
  restore = 'gate',
}: {
  children: ReactNode
  client?: QueryClient
  restore?: RestoreMode
}) {
  const restoring = useRestoring(client, restore)
  return (
    <QueryClientProvider client={client}>
      <IsRestoringProvider value={restoring}>
        <Toasts>
          <RestoreGate>{children}</RestoreGate>
        </Toasts>
      </IsRestoringProvider>
    </QueryClientProvider>
  )
}
