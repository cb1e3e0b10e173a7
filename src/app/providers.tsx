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
import { persistOptions, startRestore } from '../offline/persist'
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
 * What TanStack's PersistQueryClientProvider does, with the restore started by the boot rather
 * than by an effect after the first commit (decision 0038): true while the saved cache is being
 * restored; once it is, every change of the cache is saved.
 */
function useRestoring(client: QueryClient): boolean {
  const restore = startRestore(client)
  // An external store: React checks it again when it subscribes, so a restore that ends between
  // the render and the subscription (often, when the boot started it) is not missed.
  const subscribe = useCallback(
    (changed: () => void) => {
      let subscribed = true
      void restore.done.then(() => subscribed && changed())
      return () => {
        subscribed = false
      }
    },
    [restore],
  )
  const restoring = !useSyncExternalStore(subscribe, () => restore.settled)
  useEffect(
    () =>
      restoring
        ? undefined
        : persistQueryClientSubscribe({ ...persistOptions, queryClient: client }),
    [client, restoring],
  )
  return restoring
}

export function AppProviders({
  children,
  client = appClient,
}: {
  children: ReactNode
  client?: QueryClient
}) {
  const restoring = useRestoring(client)
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
