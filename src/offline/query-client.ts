import type { QueryClient } from '@tanstack/react-query'
import { createApiQueryClient } from '../api/query-client'
import { bindMutationRegistry } from './mutations'
import { installQueueReplay } from './replay'

/**
 * The app's QueryClient: the API's policies (src/api/query-client.ts) with the offline queue bound.
 * It lives here, above src/api, so that src/api never imports src/offline (docs/architecture.md).
 */
export function createQueryClient(): QueryClient {
  const client = createApiQueryClient()
  bindMutationRegistry(client)
  // Queued writes replay one tab at a time, each applied once (docs/decisions/0011).
  installQueueReplay(client)
  return client
}

/** The app's client. Tests create their own with createQueryClient(). */
export const queryClient = createQueryClient()
