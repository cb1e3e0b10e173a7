import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactElement, ReactNode } from 'react'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { createQueryClient } from '../offline/query-client'
import { ToastProvider } from '../components/Toast'

/** Renders with a fresh QueryClient (no persistence), toasts and an in-memory router. */
export function renderWithApp(
  ui: ReactElement,
  { path = '/', client = createQueryClient() }: { path?: string; client?: QueryClient } = {},
) {
  const [pathname, search = ''] = path.split('?')
  const location = memoryLocation({ path: pathname ?? '/', searchPath: search, record: true })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <ToastProvider dismissLabel="Dismiss">
        <Router hook={location.hook} searchHook={location.searchHook}>
          {children}
        </Router>
      </ToastProvider>
    </QueryClientProvider>
  )
  return { ...render(ui, { wrapper }), client, location }
}
