import { MutationObserver, QueryClient, QueryObserver, onlineManager } from '@tanstack/react-query'
import { waitFor } from '@testing-library/react'
import { afterEach, expect, it } from 'vitest'
import {
  bindMutationRegistry,
  registerMutationDefaults,
  unbindMutationRegistry,
  unregisterMutationDefaults,
} from './mutations'
import type { Queued } from './queued'
import { writeQueue, type DehydratedMutation } from './queue-store'
import { installQueueReplay, uninstallQueueReplay } from './replay'
import { CACHE_SCHEMA_VERSION } from './version'
import { clearPersistedState } from './wipe'

/**
 * When a resume loads the replay (replay.ts), and how one tab tells the others that it replayed
 * writes: two QueryClients in one page stand for two tabs, as in two-tabs.test.ts.
 */
const WATCH = ['test', 'replay-tabs'] as const
type Vars = { lotId: number } & Queued

const installed: QueryClient[] = []

afterEach(async () => {
  for (const client of installed.splice(0)) {
    client.unmount()
    unbindMutationRegistry(client)
    uninstallQueueReplay(client)
  }
  unregisterMutationDefaults(WATCH)
  onlineManager.setOnline(true)
  await clearPersistedState()
})

/** A tab showing one query: counts how often it fetched. */
function showingTab() {
  const client = new QueryClient()
  installed.push(client)
  installQueueReplay(client)
  client.mount()
  let fetches = 0
  const observer = new QueryObserver(client, {
    queryKey: ['shown'],
    queryFn: async () => ++fetches,
    // Coming back online must not be what refetches it: only the other tab's message.
    refetchOnReconnect: false,
    refetchOnWindowFocus: false,
  })
  const stop = observer.subscribe(() => undefined)
  return {
    client,
    stop,
    get fetches() {
      return fetches
    },
  }
}

/** A tab that queues one write while offline; `sent` records what reached the "server". */
async function tabWithQueuedWrite(sent: Vars[], { mount = true } = {}) {
  registerMutationDefaults(WATCH, {
    mutationFn: async (vars: Vars) => {
      sent.push(vars)
      return {}
    },
  })
  const client = new QueryClient({ defaultOptions: { mutations: { networkMode: 'online' } } })
  installed.push(client)
  bindMutationRegistry(client)
  installQueueReplay(client)
  if (mount) client.mount()
  onlineManager.setOnline(false)
  void new MutationObserver<unknown, Error, Vars>(client, { mutationKey: WATCH })
    .mutate({ lotId: 7, idempotencyKey: 'k-replay-tabs' })
    .catch(() => undefined)
  await waitFor(() =>
    expect(
      client
        .getMutationCache()
        .getAll()
        .filter((m) => m.state.isPaused),
    ).toHaveLength(1),
  )
  return client
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

it('a replay in one tab makes the other tabs refetch what they show', async () => {
  const other = showingTab()
  await waitFor(() => expect(other.fetches).toBe(1))
  const sent: Vars[] = []
  await tabWithQueuedWrite(sent)

  onlineManager.setOnline(true)
  await waitFor(() => expect(sent).toHaveLength(1))
  await waitFor(() => expect(other.fetches).toBeGreaterThan(1))
  other.stop()
})

it('a tab that uninstalled the replay hears no more of other tabs', async () => {
  const other = showingTab()
  await waitFor(() => expect(other.fetches).toBe(1))
  uninstallQueueReplay(other.client)
  const sent: Vars[] = []
  await tabWithQueuedWrite(sent)

  onlineManager.setOnline(true)
  await waitFor(() => expect(sent).toHaveLength(1))
  await pause(100)
  expect(other.fetches).toBe(1)
  other.stop()
})

it('a tab whose replay was uninstalled (signed out) still sends its write, without an error', async () => {
  const sent: Vars[] = []
  // Not mounted: coming back online does not resume by itself, the test asks for the resume.
  const client = await tabWithQueuedWrite(sent, { mount: false })
  uninstallQueueReplay(client)

  onlineManager.setOnline(true)
  await expect(client.resumePausedMutations()).resolves.toBeUndefined()
  expect(sent).toEqual([{ lotId: 7, idempotencyKey: 'k-replay-tabs' }])
})

it('a write on disk that a closed tab left loads the replay; offline, nothing loads', async () => {
  const left = {
    mutationKey: [...WATCH],
    state: {
      variables: { lotId: 3, idempotencyKey: 'k-left' },
      submittedAt: 1,
      status: 'pending',
      isPaused: true,
    },
  } as unknown as DehydratedMutation
  await writeQueue(CACHE_SCHEMA_VERSION, [left])
  const client = new QueryClient()
  installed.push(client)
  let loads = 0
  // The replay itself is replay-queue.test's business: here only whether it is asked for.
  installQueueReplay(client, () => {
    loads++
    return Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
  })

  onlineManager.setOnline(false)
  await client.resumePausedMutations()
  expect(loads).toBe(0)

  onlineManager.setOnline(true)
  await client.resumePausedMutations()
  expect(loads).toBe(1)
})
