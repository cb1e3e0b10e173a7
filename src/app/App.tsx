import { Suspense } from 'react'
import { Router, useLocation } from 'wouter'
import { ErrorState } from '../components/ErrorState'
import { Loading } from '../components/Spinner'
import { errorMessage, useT } from '../i18n'
import { ErrorBoundary } from './ErrorBoundary'
import { Layout } from './Layout'
import { isChunkLoadError } from './preload-recovery'
import { AppProviders } from './providers'
import { AppRoutes } from './routes'

/** wouter's base: import.meta.env.BASE_URL without its trailing slash ('' at the root). */
export const ROUTER_BASE = import.meta.env.BASE_URL.replace(/\/$/, '')

function Screens() {
  const { t, lang } = useT()
  const [location] = useLocation()
  return (
    <ErrorBoundary
      resetKey={location}
      fallback={(error, reset) => {
        const offlineChunk = isChunkLoadError(error) && !navigator.onLine
        return (
          <ErrorState
            title={t('error.screenTitle')}
            message={offlineChunk ? t('error.chunkOffline') : errorMessage(error, lang)}
            onRetry={isChunkLoadError(error) ? () => window.location.reload() : reset}
            retryLabel={isChunkLoadError(error) ? t('common.reload') : t('common.retry')}
          />
        )
      }}
    >
      <Suspense fallback={<Loading label={t('app.loading')} />}>
        <AppRoutes />
      </Suspense>
    </ErrorBoundary>
  )
}

export function App() {
  return (
    <AppProviders>
      <Router base={ROUTER_BASE}>
        <Layout>
          <Screens />
        </Layout>
      </Router>
    </AppProviders>
  )
}
