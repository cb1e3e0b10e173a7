import { useQueryClient } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import { get } from 'idb-keyval'
import { afterEach, describe, expect, it } from 'vitest'
import { createQueryClient } from '../offline/query-client'
import { unbindMutationRegistry } from '../offline/mutations'
import {
  flushPersistedState,
  PERSIST_KEY,
  PERSIST_THROTTLE_MS,
  prefetchPersistedState,
  startRestore,
} from '../offline/persist'
import { clearPersistedState } from '../offline/wipe'
import { AppProviders } from './providers'

/** What a screen shows from the cache, read at render time. */
function Saved() {
  const client = useQueryClient()
  return <p>{String(client.getQueryData(['test', 'saved']) ?? 'nothing saved')}</p>
}

const clients: ReturnType<typeof createQueryClient>[] = []
function newClient() {
  const client = createQueryClient()
  clients.push(client)
  return client
}

afterEach(async () => {
  for (const client of clients.splice(0)) {
    client.clear()
    unbindMutationRegistry(client)
  }
  await clearPersistedState()
})

describe('app providers and the saved cache (decision 0038)', () => {
  it('renders the screen in its first commit when the boot has restored the cache already', async () => {
    const last = newClient()
    last.setQueryData(['test', 'saved'], 'from the last visit')
    await flushPersistedState(last)

    const client = newClient()
    prefetchPersistedState()
    await startRestore(client).done
    render(
      <AppProviders client={client}>
        <Saved />
      </AppProviders>,
    )
    // No "Opening Lotline…" first: the restore was over before React drew anything.
    expect(screen.queryByText('Opening Lotline…')).toBeNull()
    expect(screen.getByText('from the last visit')).toBeTruthy()
  })

  it('waits for a restore still under way, then saves every change of the cache', async () => {
    const client = newClient()
    render(
      <AppProviders client={client}>
        <Saved />
      </AppProviders>,
    )
    expect(screen.getByText('Opening Lotline…')).toBeTruthy()
    await screen.findByText('nothing saved')
    client.setQueryData(['test', 'saved'], 'kept for the next visit')
    // Saves are throttled (PERSIST_THROTTLE_MS): the change is on disk within one interval.
    await waitFor(
      async () => expect(String(await get(PERSIST_KEY))).toContain('kept for the next visit'),
      { timeout: PERSIST_THROTTLE_MS * 3 },
    )
  })
})
