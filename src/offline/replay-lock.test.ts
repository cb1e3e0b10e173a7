import { MutationObserver, QueryClient, dehydrate, onlineManager } from '@tanstack/react-query'
import { waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { NetworkError } from '../api/errors'
import {
  bindMutationRegistry,
  registerMutationDefaults,
  unbindMutationRegistry,
  unregisterMutationDefaults,
} from './mutations'
import type { Queued } from './queued'
import { readQueue, writeQueue } from './queue-store'
import { QUEUE_LOCK, replayQueue, withQueueLock } from './replay-queue'
import { CACHE_SCHEMA_VERSION } from './version'
import { clearPersistedState } from './wipe'

/**
 * One replay at a time (the queue's lock), and a replay that never holds the lock forever: when
 * the network goes away again its writes are paused, and the replay ends so that the next
 * resume (which needs the lock) can run (replay-queue.ts, docs/decisions/0011).
 */
const WATCH = ['test', 'replay-lock'] as const
type Vars = { lotId: number } & Queued

const tabs: QueryClient[] = []

afterEach(async () => {
  for (const tab of tabs.splice(0)) unbindMutationRegistry(tab)
  unregisterMutationDefaults(WATCH)
  onlineManager.setOnline(true)
  await clearPersistedState()
})

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('the queue lock', () => {
  it('runs one replay at a time in a page without Web Locks', async () => {
    expect(navigator.locks ?? undefined).toBeUndefined() // happy-dom: the page's own queue
    const steps: string[] = []
    let release = () => {}
    const first = withQueueLock(async () => {
      steps.push('first starts')
      await new Promise<void>((resolve) => (release = resolve))
      steps.push('first ends')
    })
    const second = withQueueLock(async () => void steps.push('second'))
    await nextTask()
    expect(steps).toEqual(['first starts'])

    release()
    await Promise.all([first, second])
    expect(steps).toEqual(['first starts', 'first ends', 'second'])
  })

  it('is free again after a replay that failed', async () => {
    await expect(
      withQueueLock(() => Promise.reject(new Error('IndexedDB closed'))),
    ).rejects.toThrow('IndexedDB closed')
    const next = vi.fn(async () => undefined)
    await withQueueLock(next)
    expect(next).toHaveBeenCalledTimes(1)
  })

  it('is the Web Lock every tab asks for, where the browser has Web Locks', async () => {
    const held: string[] = []
    const request = vi.fn(async (name: string, work: () => Promise<void>) => {
      held.push(name)
      try {
        return await work()
      } finally {
        held.pop()
      }
    })
    vi.stubGlobal('navigator', { locks: { request } })
    let heldDuringWork: string[] = []
    await withQueueLock(async () => {
      await nextTask()
      heldDuringWork = [...held]
    })
    expect(heldDuringWork).toEqual([QUEUE_LOCK])
    expect(QUEUE_LOCK).toBe('lotline-offline-queue')
  })

  it('still runs where there is no navigator (a worker-less Node)', async () => {
    vi.stubGlobal('navigator', undefined)
    const work = vi.fn(async () => undefined)
    await withQueueLock(work)
    expect(work).toHaveBeenCalledTimes(1)
  })
})

describe('a replay when the network goes away again', () => {
  const sent: Vars[] = []

  /** A tab (not mounted: only the replay resumes) with one write queued offline and on disk. */
  async function tabWithQueuedWrite(answer: () => unknown) {
    sent.length = 0
    registerMutationDefaults(WATCH, {
      mutationFn: async (vars: Vars) => {
        sent.push(vars)
        return answer()
      },
      retryDelay: 1,
    })
    const client = new QueryClient({ defaultOptions: { mutations: { networkMode: 'online' } } })
    tabs.push(client)
    bindMutationRegistry(client)
    onlineManager.setOnline(false)
    void new MutationObserver<unknown, Error, Vars>(client, { mutationKey: WATCH })
      .mutate({ lotId: 1, idempotencyKey: 'k-lock' })
      .catch(() => undefined)
    await waitFor(() => expect(client.getMutationCache().getAll()[0]?.state.isPaused).toBe(true))
    await writeQueue(CACHE_SCHEMA_VERSION, dehydrate(client).mutations)
    return client
  }

  const onDisk = async () =>
    (await readQueue(CACHE_SCHEMA_VERSION)).mutations.map(
      (m) => (m.state.variables as Vars).idempotencyKey,
    )

  it('ends with the write paused and still queued, and lets the next replay take the lock', async () => {
    const client = await tabWithQueuedWrite(() => {
      onlineManager.setOnline(false)
      throw new NetworkError(new TypeError('Failed to fetch'), true)
    })
    onlineManager.setOnline(true)
    const told = vi.fn()

    await replayQueue(client, () => client.resumePausedMutations(), told)

    expect(sent).toHaveLength(1)
    expect(client.getMutationCache().getAll()[0]?.state.isPaused).toBe(true)
    expect(await onDisk()).toEqual(['k-lock'])
    expect(told).not.toHaveBeenCalled()
    const next = vi.fn(async () => undefined)
    await withQueueLock(next)
    expect(next).toHaveBeenCalledTimes(1)
  })

  it('ends without waiting for writes that are not queued (a bid sent when back online)', async () => {
    const client = await tabWithQueuedWrite(() => ({}))
    void new MutationObserver<unknown, Error, Vars>(client, {
      mutationKey: ['bids', 'place'],
      mutationFn: () => new Promise(() => undefined), // its answer never comes
    })
      .mutate({ lotId: 1, idempotencyKey: 'k-bid' })
      .catch(() => undefined)
    await waitFor(() => expect(client.getMutationCache().getAll()).toHaveLength(2))
    onlineManager.setOnline(true)

    await replayQueue(client, () => client.resumePausedMutations(), vi.fn())

    expect(sent).toEqual([{ lotId: 1, idempotencyKey: 'k-lock' }])
    expect(Object.keys((await readQueue(CACHE_SCHEMA_VERSION)).replayed)).toEqual(['k-lock'])
  })

  it('asked for while offline, ends at once and sends nothing', async () => {
    const client = await tabWithQueuedWrite(() => ({}))

    await replayQueue(client, () => client.resumePausedMutations(), vi.fn())

    expect(sent).toEqual([])
    expect(await onDisk()).toEqual(['k-lock'])
  })

  it('leaves no listener behind once it has ended', async () => {
    const client = await tabWithQueuedWrite(() => ({}))
    onlineManager.setOnline(true)

    await replayQueue(client, () => client.resumePausedMutations(), vi.fn())

    expect(sent).toEqual([{ lotId: 1, idempotencyKey: 'k-lock' }])
    expect(client.getMutationCache().hasListeners()).toBe(false)
    expect(onlineManager.hasListeners()).toBe(false)
  })
})
