import type { QueryClient } from '@tanstack/react-query'
import { removePersisted } from './persister'

/*
 * Forgetting what is saved: on sign-out and account deletion only, so not part of every start
 * (decision 0044).
 */

/** Removes everything persisted (cache and offline queue). */
export async function clearPersistedState(): Promise<void> {
  await removePersisted()
}

/** Sign-out: the user's cached data and queue go, in memory and on disk. */
export async function wipeUserData(client: QueryClient): Promise<void> {
  await client.cancelQueries()
  client.clear()
  await clearPersistedState()
}
