import { MutationObserver, onlineManager } from '@tanstack/react-query'
import { persistQueryClientRestore } from '@tanstack/react-query-persist-client'
import { waitFor } from '@testing-library/react'
import { get } from 'idb-keyval'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createQueryClient } from './query-client'
import {
  registerMutationDefaults,
  unbindMutationRegistry,
  unregisterMutationDefaults,
} from './mutations'
import {
  flushPersistedState,
  onCacheRestored,
  PERSIST_KEY,
  persistOptions,
  startRestore,
} from './persist'
import { provideQueueableDefinitions } from './queueable'
import { clearPersistedState, wipeUserData } from './wipe'
import { readQueue } from './queue-store'
import { CACHE_SCHEMA_VERSION } from './version'

const WATCH = ['test', 'watch'] as const

describe('persisted cache and offline queue (IndexedDB)', () => {
  const watchFn = vi.fn(async (vars: { lotId: number }) => ({ watching: vars.lotId }))

  beforeEach(async () => {
    watchFn.mockClear()
    await clearPersistedState()
    registerMutationDefaults(WATCH, { mutationFn: watchFn })
  })
  afterEach(() => {
    unregisterMutationDefaults(WATCH)
    provideQueueableDefinitions(() => Promise.resolve())
  })

  /** A "page": a client as main.tsx creates it, restored from IndexedDB like the provider does. */
  async function openPage() {
    const client = createQueryClient()
    client.mount()
    await persistQueryClientRestore({ queryClient: client, ...persistOptions })
    return client
  }
  function closePage(client: ReturnType<typeof createQueryClient>) {
    client.unmount()
    client.clear()
    unbindMutationRegistry(client)
  }

  it('a paused mutation survives a reload and runs exactly once when back online', async () => {
    onlineManager.setOnline(false)

    // Page 1, offline: data on screen, a queued watch, a sign-in attempt, a secret query.
    const page1 = await openPage()
    page1.setQueryData(['lots'], [{ id: 7, title: 'Brass telescope' }])
    await page1.fetchQuery({
      queryKey: ['payment-intent'],
      queryFn: async () => 'pi_secret_abc',
      meta: { persist: false },
      networkMode: 'always',
    })
    void new MutationObserver<unknown, Error, { lotId: number }>(page1, {
      mutationKey: WATCH,
    }).mutate({ lotId: 7 })
    const login = vi.fn(async () => 'ok')
    void new MutationObserver<string, Error, { email: string; password: string }>(page1, {
      mutationKey: ['auth', 'login'],
      mutationFn: login,
    })
      .mutate({ email: 'a@b.c', password: 'hunter2-hunter2' })
      .catch(() => undefined)
    await waitFor(() =>
      expect(
        page1
          .getMutationCache()
          .getAll()
          .filter((m) => m.state.isPaused),
      ).toHaveLength(2),
    )
    expect(watchFn).not.toHaveBeenCalled()
    await flushPersistedState(page1)
    closePage(page1)

    const stored = await get<string>(PERSIST_KEY)
    expect(stored).toContain('Brass telescope')
    expect(stored).not.toContain('pi_secret_abc')
    expect(stored).not.toContain('hunter2')

    // Page 2 ("reload"), still offline: the data and the queued watch are back, nothing sent.
    const page2 = await openPage()
    expect(page2.getQueryData(['lots'])).toEqual([{ id: 7, title: 'Brass telescope' }])
    expect(page2.getQueryData(['payment-intent'])).toBeUndefined()
    const queued = page2.getMutationCache().getAll()
    expect(queued).toHaveLength(1)
    expect(queued[0]!.state.isPaused).toBe(true)
    expect(queued[0]!.state.variables).toEqual({ lotId: 7 })
    onCacheRestored(page2)
    await new Promise((r) => setTimeout(r, 20))
    expect(watchFn).not.toHaveBeenCalled()

    // Back online: replayed once, even if resume is triggered again.
    onlineManager.setOnline(true)
    await waitFor(() => expect(watchFn).toHaveBeenCalledTimes(1))
    expect(watchFn.mock.calls[0]![0]).toEqual({ lotId: 7 })
    await page2.resumePausedMutations()
    await waitFor(() => expect(page2.getMutationCache().getAll()[0]!.state.status).toBe('success'))
    expect(watchFn).toHaveBeenCalledTimes(1)
    expect(login).not.toHaveBeenCalled()
    closePage(page2)
  })

  it('resumes the queue right after restore when already online', async () => {
    onlineManager.setOnline(false)
    const page1 = await openPage()
    void new MutationObserver<unknown, Error, { lotId: number }>(page1, {
      mutationKey: WATCH,
    }).mutate({ lotId: 3 })
    await waitFor(() => expect(page1.getMutationCache().getAll()[0]!.state.isPaused).toBe(true))
    await flushPersistedState(page1)
    closePage(page1)

    onlineManager.setOnline(true)
    const page2 = await openPage()
    onCacheRestored(page2)
    await waitFor(() => expect(watchFn).toHaveBeenCalledTimes(1))
    closePage(page2)
  })

  /** Page 1 queues a keyed watch offline and closes; the definitions are then unknown again. */
  async function queueAndClose(lotId: number) {
    onlineManager.setOnline(false)
    const page1 = await openPage()
    page1.setQueryData(['lots'], [{ id: lotId }])
    const vars = { lotId, idempotencyKey: `k-restore-${lotId}` }
    void new MutationObserver<unknown, Error, typeof vars>(page1, { mutationKey: WATCH }).mutate(
      vars,
    )
    await waitFor(() => expect(page1.getMutationCache().getAll()[0]!.state.isPaused).toBe(true))
    await flushPersistedState(page1)
    closePage(page1)
    unregisterMutationDefaults(WATCH)
    return vars
  }

  it('the restore of a queued write loads the queueable definitions first, then replays', async () => {
    const vars = await queueAndClose(4)
    onlineManager.setOnline(true)
    const page2 = createQueryClient()
    page2.mount()
    const load = vi.fn(
      () =>
        new Promise<void>((resolve) =>
          setTimeout(() => {
            registerMutationDefaults(WATCH, { mutationFn: watchFn })
            resolve()
          }, 30),
        ),
    )
    provideQueueableDefinitions(load)
    await startRestore(page2).done
    expect(load).toHaveBeenCalledTimes(1)
    await waitFor(() => expect(watchFn).toHaveBeenCalledTimes(1))
    expect(watchFn.mock.calls[0]![0]).toEqual(vars)
    closePage(page2)
  })

  it('a restore with nothing queued does not load the queueable definitions', async () => {
    const first = await openPage()
    first.setQueryData(['lots'], [{ id: 6 }])
    await flushPersistedState(first)
    closePage(first)
    const load = vi.fn(() => Promise.resolve())
    provideQueueableDefinitions(load)
    const page2 = createQueryClient()
    page2.mount()
    await startRestore(page2).done
    expect(page2.getQueryData(['lots'])).toEqual([{ id: 6 }])
    expect(load).not.toHaveBeenCalled()
    closePage(page2)
  })

  it('definitions that cannot load do not hold the restore, and lose no queued write', async () => {
    const vars = await queueAndClose(5)
    provideQueueableDefinitions(() => Promise.reject(new TypeError('Failed to fetch')))
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const page2 = createQueryClient()
    page2.mount()
    await startRestore(page2).done
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('stay queued'), expect.any(TypeError))
    warn.mockRestore()
    expect(page2.getQueryData(['lots'])).toEqual([{ id: 5 }])
    const onDisk = await readQueue(CACHE_SCHEMA_VERSION)
    expect(onDisk.mutations.map((m) => m.state.variables)).toEqual([vars])
    closePage(page2)
  })

  it('marks restored data stale, not what this page load already fetched', async () => {
    const first = await openPage()
    first.setQueryData(['test', 'saved'], 'from the last visit', {
      updatedAt: Date.now() - 3_600_000,
    })
    await flushPersistedState(first)
    closePage(first)

    const page = createQueryClient()
    page.mount()
    // The first screen's data, fetched by this page load before the restore finished.
    page.setQueryData(['test', 'fresh'], 'fetched just now')
    await persistQueryClientRestore({ queryClient: page, ...persistOptions })
    onCacheRestored(page)
    expect(page.getQueryData(['test', 'saved'])).toBe('from the last visit')
    expect(page.getQueryState(['test', 'saved'])?.isInvalidated).toBe(true)
    expect(page.getQueryState(['test', 'fresh'])?.isInvalidated).toBe(false)
    closePage(page)
  })

  it('drops the persisted client when the cache schema version (buster) changes', async () => {
    const page1 = await openPage()
    page1.setQueryData(['lots'], ['old shape'])
    await flushPersistedState(page1)
    closePage(page1)

    const page2 = createQueryClient()
    await persistQueryClientRestore({
      queryClient: page2,
      ...persistOptions,
      buster: 'next-schema',
    })
    expect(page2.getQueryData(['lots'])).toBeUndefined()
    expect(await get(PERSIST_KEY)).toBeUndefined()
    closePage(page2)
  })

  it('sign-out wipe removes the cache and the queue, in memory and on disk', async () => {
    onlineManager.setOnline(false)
    const page = await openPage()
    page.setQueryData(['wallet'], { balance: 50000 })
    void new MutationObserver<unknown, Error, { lotId: number }>(page, {
      mutationKey: WATCH,
    }).mutate({ lotId: 9 })
    await flushPersistedState(page)
    expect(await get(PERSIST_KEY)).toBeDefined()

    await wipeUserData(page)
    expect(page.getQueryData(['wallet'])).toBeUndefined()
    expect(page.getMutationCache().getAll()).toHaveLength(0)
    expect(await get(PERSIST_KEY)).toBeUndefined()
    onlineManager.setOnline(true)
    await new Promise((r) => setTimeout(r, 20))
    expect(watchFn).not.toHaveBeenCalled()
    closePage(page)
  })
})
