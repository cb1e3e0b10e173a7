import { MutationObserver, QueryClient, onlineManager } from '@tanstack/react-query'
import { waitFor } from '@testing-library/react'
import { afterEach, expect, it } from 'vitest'
import {
  bindMutationRegistry,
  registerMutationDefaults,
  unbindMutationRegistry,
  unregisterMutationDefaults,
} from './mutations'
import { clearPersistedState } from './wipe'
import type { Queued } from './queued'
import { installQueueReplay, uninstallQueueReplay } from './replay'

const WATCH = ['test', 'replay-chunk'] as const
type Vars = { lotId: number } & Queued

afterEach(async () => {
  unregisterMutationDefaults(WATCH)
  onlineManager.setOnline(true)
  await clearPersistedState()
})

it('a replay whose code cannot load leaves the write queued, and the next resume sends it once', async () => {
  const sent: Vars[] = []
  registerMutationDefaults(WATCH, {
    mutationFn: async (vars: Vars) => {
      sent.push(vars)
      return {}
    },
  })
  const client = new QueryClient({ defaultOptions: { mutations: { networkMode: 'online' } } })
  bindMutationRegistry(client)
  let loads = 0
  let reachable = false
  installQueueReplay(client, () => {
    loads++
    return reachable
      ? import('./replay-queue')
      : Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
  })
  client.mount()
  try {
    onlineManager.setOnline(false)
    const vars = { lotId: 1, idempotencyKey: 'k-replay-chunk' }
    void new MutationObserver<unknown, Error, Vars>(client, { mutationKey: WATCH })
      .mutate(vars)
      .catch(() => undefined)
    const paused = () =>
      client
        .getMutationCache()
        .getAll()
        .filter((m) => m.state.isPaused)
    await waitFor(() => expect(paused()).toHaveLength(1))

    // Back online, but the replay's chunk does not come: nothing is sent, the write stays queued.
    onlineManager.setOnline(true)
    await waitFor(() => expect(loads).toBe(1))
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(sent).toEqual([])
    expect(paused()).toHaveLength(1)

    // The next resume (another `online`, a focus) loads it and replays the write, once.
    reachable = true
    onlineManager.setOnline(false)
    onlineManager.setOnline(true)
    await waitFor(() => expect(sent).toEqual([vars]))
    await waitFor(() => expect(paused()).toHaveLength(0))
    expect(sent).toHaveLength(1)
  } finally {
    client.unmount()
    unbindMutationRegistry(client)
    uninstallQueueReplay(client)
  }
})

it('a resume with nothing queued, in this tab or on disk, loads no replay code', async () => {
  const client = new QueryClient()
  let loads = 0
  installQueueReplay(client, () => {
    loads++
    return import('./replay-queue')
  })
  try {
    onlineManager.setOnline(true)
    await client.resumePausedMutations()
    expect(loads).toBe(0)
  } finally {
    uninstallQueueReplay(client)
  }
})
