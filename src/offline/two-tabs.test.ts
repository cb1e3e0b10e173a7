import { MutationObserver, onlineManager, type QueryClient } from '@tanstack/react-query'
import { persistQueryClientRestore } from '@tanstack/react-query-persist-client'
import { waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createQueryClient } from './query-client'
import {
  registerMutationDefaults,
  unbindMutationRegistry,
  unregisterMutationDefaults,
} from './mutations'
import { flushPersistedState, onCacheRestored, persistOptions } from './persist'
import { clearPersistedState } from './wipe'
import { newIdempotencyKey } from '../api/idempotency'
import type { Queued } from './queued'
import { provideQueueableDefinitions } from './queueable'
import { readQueue } from './queue-store'
import { uninstallQueueReplay } from './replay'
import { CACHE_SCHEMA_VERSION } from './version'

/**
 * Two tabs of one browser share one IndexedDB: here two QueryClients are the two tabs, each
 * restored from and written to the same (fake) IndexedDB like a page does (docs/decisions/0011).
 */
const WATCH = ['test', 'two-tabs-watch'] as const
type Vars = { lotId: number; watching: boolean } & Queued

/**
 * Stands in for the server: records every request, what it applied in which order, and how many
 * ran at the same moment. A "watch" takes longer than an "unwatch", as a slow request may.
 */
function fakeServer() {
  const sent: Vars[] = []
  const applied: Vars[] = []
  let inFlight = 0
  let maxInFlight = 0
  return {
    sent,
    applied,
    get maxInFlight() {
      return maxInFlight
    },
    mutationFn: async (vars: Vars) => {
      sent.push(vars)
      inFlight++
      maxInFlight = Math.max(maxInFlight, inFlight)
      await new Promise((resolve) => setTimeout(resolve, vars.watching ? 30 : 5))
      applied.push(vars)
      inFlight--
      return { watching: vars.watching }
    },
  }
}

let server: ReturnType<typeof fakeServer>
const open: QueryClient[] = []

beforeEach(async () => {
  await clearPersistedState()
  server = fakeServer()
  registerMutationDefaults(WATCH, { mutationFn: server.mutationFn }, (tab, vars: Vars) =>
    tab.setQueryData(['lot', vars.lotId], { watching: vars.watching }),
  )
})
afterEach(() => {
  for (const tab of open.splice(0)) closeTab(tab)
  unregisterMutationDefaults(WATCH)
  provideQueueableDefinitions(() => Promise.resolve())
})

/** A tab: a client as main.tsx creates it, restored from IndexedDB like the provider does. */
async function openTab() {
  const tab = createQueryClient()
  tab.mount()
  await persistQueryClientRestore({ queryClient: tab, ...persistOptions })
  open.push(tab)
  return tab
}
function closeTab(tab: QueryClient) {
  tab.unmount()
  tab.clear()
  unbindMutationRegistry(tab)
  uninstallQueueReplay(tab)
}

function queueWatch(tab: QueryClient, lotId: number, watching = true): Vars {
  const vars = { lotId, watching, idempotencyKey: newIdempotencyKey() }
  void new MutationObserver<unknown, Error, Vars>(tab, { mutationKey: WATCH })
    .mutate(vars)
    .catch(() => undefined)
  return vars
}

const paused = (tab: QueryClient) =>
  tab
    .getMutationCache()
    .getAll()
    .filter((m) => m.state.isPaused)
const onDisk = async () =>
  (await readQueue(CACHE_SCHEMA_VERSION)).mutations.map(
    (m) => (m.state.variables as Vars).idempotencyKey,
  )

describe('the offline queue across two tabs', () => {
  it("one tab's write keeps the write the other tab queued, so it survives that tab closing", async () => {
    onlineManager.setOnline(false)
    const a = await openTab()
    const b = await openTab()
    const watch = queueWatch(a, 7)
    await waitFor(() => expect(paused(a)).toHaveLength(1))
    await flushPersistedState(a)

    // Tab B knows nothing of it and writes its own state (the cache changed there).
    b.setQueryData(['lots'], ['from tab B'])
    await flushPersistedState(b)
    expect(await onDisk()).toEqual([watch.idempotencyKey])

    // Both tabs close before the network is back; a tab opened later replays the write, once.
    closeTab(a)
    closeTab(b)
    const c = await openTab()
    expect(paused(c).map((m) => m.state.variables)).toEqual([watch])
    onlineManager.setOnline(true)
    await waitFor(() => expect(server.sent).toEqual([watch]))
    await waitFor(async () => expect(await onDisk()).toEqual([]))
  })

  it('both tabs holding the write replay it one at a time, with its one key, and never again', async () => {
    onlineManager.setOnline(false)
    const a = await openTab()
    const watch = queueWatch(a, 3)
    await waitFor(() => expect(paused(a)).toHaveLength(1))
    await flushPersistedState(a)
    const b = await openTab() // tab B reloads offline: now both tabs hold the queued watch
    expect(paused(b).map((m) => m.state.variables)).toEqual([watch])

    onlineManager.setOnline(true)
    await waitFor(() => expect(paused(a)).toHaveLength(0))
    await waitFor(() => expect(paused(b)).toHaveLength(0))
    // Every request that can reach the server carries the same key (it applies the first one
    // and answers the rest from its store), and the tabs never send at the same moment.
    expect(server.sent.length).toBeGreaterThanOrEqual(1)
    expect(new Set(server.sent.map((v) => v.idempotencyKey))).toEqual(
      new Set([watch.idempotencyKey]),
    )
    expect(server.maxInFlight).toBe(1)

    // Replayed means gone: a tab that writes later cannot bring it back, and a reload replays
    // nothing more.
    await waitFor(async () => expect(await onDisk()).toEqual([]))
    await flushPersistedState(b)
    expect(await onDisk()).toEqual([])
    const sent = server.sent.length
    const c = await openTab()
    expect(paused(c)).toHaveLength(0)
    await c.resumePausedMutations()
    expect(server.sent).toHaveLength(sent)
  })

  it('a tab still holding a write another tab already replayed does not write it back', async () => {
    onlineManager.setOnline(false)
    const a = await openTab()
    const watch = queueWatch(a, 5)
    await waitFor(() => expect(paused(a)).toHaveLength(1))
    await flushPersistedState(a)
    const b = await openTab()
    b.unmount() // tab B is frozen in the background: it does not see the network come back

    onlineManager.setOnline(true)
    await waitFor(() => expect(server.sent).toEqual([watch]))
    await waitFor(async () => expect(await onDisk()).toEqual([]))

    expect(paused(b)).toHaveLength(1)
    await flushPersistedState(b)
    expect(await onDisk()).toEqual([])
    const c = await openTab()
    expect(paused(c)).toHaveLength(0)
  })

  it('an open tab replays a write queued in a tab that was closed, when the network returns', async () => {
    onlineManager.setOnline(false)
    const b = await openTab()
    const a = await openTab()
    const watch = queueWatch(a, 11)
    const unwatch = queueWatch(a, 11, false)
    await waitFor(() => expect(paused(a)).toHaveLength(2))
    await flushPersistedState(a)
    closeTab(a)

    onlineManager.setOnline(true)
    // In the order they were made: "watch" then "unwatch" leaves the lot unwatched.
    await waitFor(() => expect(server.applied).toEqual([watch, unwatch]))
    await waitFor(async () => expect(await onDisk()).toEqual([]))
    expect(
      b
        .getMutationCache()
        .getAll()
        .map((m) => m.state.status),
    ).toEqual(['success', 'success'])
  })

  it("a tab that never loaded the queueable definitions loads them to replay a closed tab's write", async () => {
    onlineManager.setOnline(false)
    const b = await openTab()
    const a = await openTab()
    const watch = queueWatch(a, 12)
    await waitFor(() => expect(paused(a)).toHaveLength(1))
    await flushPersistedState(a)
    closeTab(a)
    // Tab b started with nothing queued and opened no screen that toggles: it has no definition.
    unregisterMutationDefaults(WATCH)
    let loads = 0
    provideQueueableDefinitions(async () => {
      loads++
      registerMutationDefaults(WATCH, { mutationFn: server.mutationFn })
    })

    onlineManager.setOnline(true)
    void b.resumePausedMutations()
    await waitFor(() => expect(server.applied).toEqual([watch]))
    await waitFor(async () => expect(await onDisk()).toEqual([]))
    expect(loads).toBe(1)
  })

  it("a tab that restores another tab's queued write shows it, though its own cache was saved last", async () => {
    onlineManager.setOnline(false)
    const a = await openTab()
    const b = await openTab()
    for (const tab of [a, b]) tab.setQueryData(['lot', 9], { watching: false })
    a.setQueryData(['lot', 9], { watching: true }) // the optimistic update of the watch
    queueWatch(a, 9)
    await waitFor(() => expect(paused(a)).toHaveLength(1))
    await flushPersistedState(a)
    await flushPersistedState(b) // tab B's cache, from before the watch, is written last
    closeTab(b)

    const reloaded = await openTab()
    onCacheRestored(reloaded)
    expect(reloaded.getQueryData(['lot', 9])).toEqual({ watching: true })
  })
})
