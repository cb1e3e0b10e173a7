import { Suspense } from 'react'
import { Router, useLocation } from 'wouter'
import { Loading } from '../components/Spinner'
import { useT } from '../i18n'
import { ErrorBoundary } from '../components/ErrorBoundary'
import { Layout } from './Layout'
import { CrashScreen } from './CrashScreen'
import { AppProviders, type RestoreMode } from './providers'
import { RealtimeProvider } from '../realtime/provider'
import { useMe } from '../features/auth/api'
import { recheckSession, useSessionSync } from '../features/auth/session-sync'
import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useCallback, type ReactNode } from 'react'
import { AppRoutes } from './routes'

/** wouter's base: import.meta.env.BASE_URL without its trailing slash ('' at the root). */
export const ROUTER_BASE = import.meta.env.BASE_URL.replace(/\/$/, '')

function Screens() {
  const { t } = useT()
  const [location] = useLocation()
  return (
    <ErrorBoundary
      resetKey={location}
      fallback={(error, reset) => <CrashScreen error={error} reset={reset} />}
    >
      <Suspense fallback={<Loading label={t('app.loading')} />}>
        <AppRoutes />
      </Suspense>
    </ErrorBoundary>
  )
}

/**
 * One real-time connection for the app, signed in as the current user when there is one; the
 * session follows sign-in and sign-out in other windows, and a connection the service ended
 * (a sign-out elsewhere) re-checks who is signed in.
 */
const loadRealtimeRules = () => import('./realtime-rules').then((module) => module.realtimeRules)

function Realtime({ children }: { children: ReactNode }) {
  const { data: me } = useMe()
  const client = useQueryClient()
  const onEnded = useCallback(() => recheckSession(client), [client])
  useSessionSync()
  return (
    <RealtimeProvider loadRules={loadRealtimeRules} userId={me?.id ?? null} onEnded={onEnded}>
      {children}
    </RealtimeProvider>
  )
}

/**
 * The app. The server renders the same tree for a first screen (src/entry-server.tsx) with its own
 * client and the request's address; the browser hydrates it with `restore="deferred"` (0059).
 */
export function App({
  client,
  restore,
  ssr,
}: {
  client?: QueryClient
  restore?: RestoreMode
  ssr?: { path: string; search: string }
}) {
  return (
    <AppProviders client={client} restore={restore}>
      <Realtime>
        <Router base={ROUTER_BASE} ssrPath={ssr?.path} ssrSearch={ssr?.search}>
          <Layout>
            <Screens />
          </Layout>
        </Router>
      </Realtime>
    </AppProviders>
  )
}
