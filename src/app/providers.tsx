import { useIsRestoring, type QueryClient } from '@tanstack/react-query'
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client'
import type { ReactNode } from 'react'
import { queryClient as appClient } from '../api/query-client'
import { Loading } from '../components/Spinner'
import { ToastProvider } from '../components/Toast'
import { useT } from '../i18n'
import { onCacheRestored, persistOptions } from '../offline/persist'
import { useBootScreenReady } from './routes'

/** Nothing renders until the IndexedDB cache is restored: no flash of empty, no double fetch. */
function RestoreGate({ children }: { children: ReactNode }) {
  const restoring = useIsRestoring()
  const screenReady = useBootScreenReady()
  const { t } = useT()
  if (restoring || !screenReady) return <Loading label={t('app.restoring')} />
  return <>{children}</>
}

function Toasts({ children }: { children: ReactNode }) {
  const { t } = useT()
  return <ToastProvider dismissLabel={t('toast.dismiss')}>{children}</ToastProvider>
}

export function AppProviders({
  children,
  client = appClient,
}: {
  children: ReactNode
  client?: QueryClient
}) {
  return (
    <PersistQueryClientProvider
      client={client}
      persistOptions={persistOptions}
      onSuccess={() => onCacheRestored(client)}
    >
      <Toasts>
        <RestoreGate>{children}</RestoreGate>
      </Toasts>
    </PersistQueryClientProvider>
  )
}
