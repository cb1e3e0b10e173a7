import {
  MutationObserver,
  QueryClient,
  QueryObserver,
  dehydrate,
  onlineManager,
} from '@tanstack/react-query'
import { waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { NetworkError } from '../api/errors'
import { apiError } from '../testing/http'
import {
  QUEUE_SCOPE,
  bindMutationRegistry,
  registerMutationDefaults,
  unbindMutationRegistry,
  unregisterMutationDefaults,
} from './mutations'
import type { Queued } from './queued'
import { provideQueueableDefinitions } from './queueable'
import { changeQueue, readQueue, writeQueue, type DehydratedMutation } from './queue-store'
import { replayQueue } from './replay-queue'
import { CACHE_SCHEMA_VERSION } from './version'
import { clearPersistedState } from './wipe'

/**
 * The replay itself (replay-queue.ts, docs/decisions/0011): what a resume sends, in which order,
 * what it adopts from the disk, and what stays queued for a later replay after each kind of
 * answer. The tab is a QueryClient that is not mounted, so nothing but `replayQueue` resumes its
 * writes; the "server" is the registered mutationFn, which records what reached it.
 */
const WATCH = ['test', 'replay-queue'] as const
type Vars = { lotId: number } & Queued

let sent: Vars[] = []
const tabs: QueryClient[] = []

afterEach(async () => {
  for (const tab of tabs.splice(0)) unbindMutationRegistry(tab)
  unregisterMutationDefaults(WATCH)
  provideQueueableDefinitions(() => Promise.resolve())
  sent = []
  onlineManager.setOnline(true)
  await clearPersistedState()
})

/** The server's answer to each write; shown again on screen (reapply) as `['lot', id]`. */
function serve(answer: (vars: Vars) => unknown = () => ({})) {
  registerMutationDefaults(
    WATCH,
    {
      mutationFn: async (vars: Vars) => {
        sent.push(vars)
        return answer(vars)
      },
      // The queue's own retry rule, without waiting out its backoff.
      retryDelay: 1,
    },
    (tab, vars: Vars) => tab.setQueryData(['lot', vars.lotId], 'shown again'),
  )
}

function tab(): QueryClient {
  const client = new QueryClient({ defaultOptions: { mutations: { networkMode: 'online' } } })
  tabs.push(client)
  bindMutationRegistry(client)
  return client
}

const paused = (client: QueryClient) =>
  client
    .getMutationCache()
    .getAll()
    .filter((m) => m.state.isPaused)

/** Writes made offline in `client`, saved to the disk as persist.ts does; back online after. */
async function queued(client: QueryClient, ...writes: Vars[]) {
  onlineManager.setOnline(false)
  for (const vars of writes) {
    void new MutationObserver<unknown, Error, Vars>(client, { mutationKey: WATCH })
      .mutate(vars)
      .catch(() => undefined)
  }
  await waitFor(() => expect(paused(client)).toHaveLength(writes.length))
  await writeQueue(CACHE_SCHEMA_VERSION, dehydrate(client).mutations)
  onlineManager.setOnline(true)
}

/** A write another tab queued and left on disk (that tab has since closed). */
function leftOnDisk(vars: Partial<Vars>, submittedAt: number, mutationKey: unknown[] = [...WATCH]) {
  return {
    mutationKey,
    scope: QUEUE_SCOPE,
    state: {
      variables: vars,
      submittedAt,
      status: 'pending',
      isPaused: true,
      error: null,
      failureCount: 0,
    },
  } as unknown as DehydratedMutation
}

async function replay(client: QueryClient) {
  const told = vi.fn()
  const resume = vi.fn(() => client.resumePausedMutations())
  await replayQueue(client, resume, told)
  return { told, resume }
}

const disk = () => readQueue(CACHE_SCHEMA_VERSION)
const onDisk = async () => (await disk()).mutations.map((m) => (m.state.variables as Vars).lotId)

describe('a replay of the writes queued in this tab', () => {
  it('sends them in the order made, with their keys, then takes them off the disk for good', async () => {
    serve()
    const client = tab()
    await queued(client, { lotId: 1, idempotencyKey: 'k-1' }, { lotId: 2, idempotencyKey: 'k-2' })
    const before = Date.now()
    const earlier = { ...(await disk()), replayed: { 'k-earlier': before - 1000 } }
    await changeQueue(CACHE_SCHEMA_VERSION, () => earlier) // another tab's replay, remembered

    const { told } = await replay(client)

    expect(sent).toEqual([
      { lotId: 1, idempotencyKey: 'k-1' },
      { lotId: 2, idempotencyKey: 'k-2' },
    ])
    const after = await disk()
    expect(after.mutations).toEqual([])
    expect(Object.keys(after.replayed).sort()).toEqual(['k-1', 'k-2', 'k-earlier'])
    for (const at of [after.replayed['k-1'], after.replayed['k-2']]) {
      expect(at).toBeGreaterThanOrEqual(before)
      expect(at).toBeLessThanOrEqual(Date.now())
    }
    expect(told).toHaveBeenCalledTimes(1)
  })

  it.each([
    ['a 404', 404],
    ['a 400', 400],
    ['a 499', 499],
  ])('refused with %s, a write is sent once and leaves the disk', async (_, status) => {
    serve(() => Promise.reject(apiError(status)))
    const client = tab()
    await queued(client, { lotId: 3, idempotencyKey: 'k-refused' })

    const { told } = await replay(client)

    expect(sent).toHaveLength(1)
    expect(await onDisk()).toEqual([])
    expect((await disk()).replayed).toHaveProperty('k-refused')
    expect(told).toHaveBeenCalledTimes(1)
  })

  it.each([
    ['a 500', () => apiError(500)],
    ['a 503', () => apiError(503)],
    ['a 429 (rate limited)', () => apiError(429)],
    ['a 408 (timeout)', () => apiError(408)],
    ['no answer', () => new NetworkError(new TypeError('Failed to fetch'), false)],
  ])('answered with %s every time, a write is retried and stays queued', async (_, failure) => {
    serve(() => Promise.reject(failure()))
    const client = tab()
    await queued(client, { lotId: 4, idempotencyKey: 'k-kept' })

    const { told } = await replay(client)

    // The first try and six retries (retryQueuedWrite), each with the same key.
    expect(sent).toEqual(Array(7).fill({ lotId: 4, idempotencyKey: 'k-kept' }))
    expect(await onDisk()).toEqual([4])
    expect((await disk()).replayed).toEqual({})
    expect(told).not.toHaveBeenCalled()
  })

  it('records what is done and keeps what is not, in one batch of writes', async () => {
    serve(({ lotId }) => {
      if (lotId === 2) return Promise.reject(apiError(404))
      if (lotId === 3) return Promise.reject(apiError(503))
      return {}
    })
    const client = tab()
    await queued(
      client,
      { lotId: 1, idempotencyKey: 'k-ok' },
      { lotId: 2, idempotencyKey: 'k-gone' },
      { lotId: 3, idempotencyKey: 'k-later' },
    )
    // A keyless write another tab holds: not this replay's to send or to remove.
    await changeQueue(CACHE_SCHEMA_VERSION, (queue) => ({
      ...queue,
      mutations: [leftOnDisk({ lotId: 9 }, 0), ...queue.mutations],
    }))

    await replay(client)

    expect(await onDisk()).toEqual([9, 3])
    expect(Object.keys((await disk()).replayed).sort()).toEqual(['k-gone', 'k-ok'])
  })

  it('sends a write queued before keys existed, and records no key for it', async () => {
    serve()
    const client = tab()
    await queued(client, { lotId: 5 })

    const { told } = await replay(client)

    expect(sent).toEqual([{ lotId: 5 }])
    expect((await disk()).replayed).toEqual({})
    expect(told).not.toHaveBeenCalled()
  })

  it('makes this tab refetch what it shows once something was replayed', async () => {
    serve()
    const client = tab()
    let fetches = 0
    const shown = new QueryObserver(client, { queryKey: ['shown'], queryFn: () => ++fetches })
    const stop = shown.subscribe(() => undefined)
    await waitFor(() => expect(fetches).toBe(1))
    await queued(client, { lotId: 1, idempotencyKey: 'k-1' })

    await replay(client)

    await waitFor(() => expect(fetches).toBe(2))
    stop()
  })

  it('with nothing queued, still resumes the tab and tells no other tab', async () => {
    serve()
    const client = tab()
    const { resume, told } = await replay(client)
    expect(resume).toHaveBeenCalledTimes(1)
    expect(told).not.toHaveBeenCalled()
  })
})

describe('writes a closed tab left on disk', () => {
  it('are adopted: shown again, sent once each, oldest first, with their keys', async () => {
    serve()
    await writeQueue(CACHE_SCHEMA_VERSION, [
      leftOnDisk({ lotId: 6, idempotencyKey: 'k-new' }, 2),
      leftOnDisk({ lotId: 5, idempotencyKey: 'k-old' }, 1),
    ])
    const client = tab()

    const { told } = await replay(client)

    expect(sent).toEqual([
      { lotId: 5, idempotencyKey: 'k-old' },
      { lotId: 6, idempotencyKey: 'k-new' },
    ])
    expect(client.getQueryData(['lot', 5])).toBe('shown again')
    expect(client.getQueryData(['lot', 6])).toBe('shown again')
    expect(await onDisk()).toEqual([])
    expect(told).toHaveBeenCalledTimes(1)
  })

  it('are not adopted twice when this tab holds them already', async () => {
    serve()
    const client = tab()
    await queued(client, { lotId: 1, idempotencyKey: 'k-mine' })

    await replay(client)

    expect(sent).toEqual([{ lotId: 1, idempotencyKey: 'k-mine' }])
    expect(client.getQueryData(['lot', 1])).toBeUndefined() // its own screen showed it already
  })

  it('are left alone without a key, or of a kind this app cannot send', async () => {
    serve()
    await writeQueue(CACHE_SCHEMA_VERSION, [
      leftOnDisk({ lotId: 7 }, 1),
      leftOnDisk({ lotId: 8, idempotencyKey: 'k-unknown' }, 2, ['test', 'retired-kind']),
    ])
    const client = tab()

    const { told } = await replay(client)

    expect(sent).toEqual([])
    expect(client.getMutationCache().getAll()).toEqual([])
    expect(await onDisk()).toEqual([7, 8])
    expect(told).not.toHaveBeenCalled()
  })

  it('wait for the definitions of the queued writes to load before they are adopted', async () => {
    let loads = 0
    provideQueueableDefinitions(async () => {
      loads++
      serve()
    })
    await writeQueue(CACHE_SCHEMA_VERSION, [leftOnDisk({ lotId: 5, idempotencyKey: 'k-old' }, 1)])

    await replay(tab())

    expect(loads).toBe(1)
    expect(sent).toEqual([{ lotId: 5, idempotencyKey: 'k-old' }])
  })
})
