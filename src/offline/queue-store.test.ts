import { get, set } from 'idb-keyval'
import { afterEach, describe, expect, it } from 'vitest'
import {
  clearQueue,
  mergeQueue,
  parseQueue,
  QUEUE_KEY,
  readQueue,
  recent,
  REPLAYED_TTL_MS,
  writeQueue,
  type DehydratedMutation,
  type StoredQueue,
} from './queue-store'

/**
 * The offline queue on disk (docs/decisions/0011): what a tab reads back, what survives a merge
 * with another tab's queue, and which replayed keys are remembered. Pure functions and the
 * IndexedDB stand-in of tests/setup/client.ts; no React.
 */

const BUSTER = 'test-buster'
const NOW = 1_700_000_000_000

/** A queued bid as TanStack Query dehydrates it; `key` undefined = queued before keys existed. */
function write(key: string | undefined, submittedAt: number, amount = 100): DehydratedMutation {
  return {
    mutationKey: ['bid'],
    state: {
      variables: key === undefined ? { amount } : { amount, idempotencyKey: key },
      submittedAt,
      status: 'pending',
      isPaused: true,
    },
  } as unknown as DehydratedMutation
}

const queue = (mutations: DehydratedMutation[], replayed = {}): StoredQueue => ({
  buster: BUSTER,
  mutations,
  replayed,
})

const keysOf = (q: StoredQueue) =>
  q.mutations.map((m) => (m.state.variables as { idempotencyKey?: string }).idempotencyKey)

afterEach(async () => {
  await clearQueue()
})

describe('parseQueue', () => {
  const empty = { buster: BUSTER, mutations: [], replayed: {} }

  it('reads back what was written', () => {
    const stored = queue([write('a', 1)], { b: 2 })
    expect(parseQueue(JSON.stringify(stored), BUSTER)).toEqual(stored)
  })

  it('treats a queue written without replayed keys as having none', () => {
    const raw = JSON.stringify({ buster: BUSTER, mutations: [write('a', 1)] })
    expect(parseQueue(raw, BUSTER)).toEqual(queue([write('a', 1)], {}))
  })

  it.each([
    ['nothing stored', undefined],
    ['a value that is not text', { buster: BUSTER, mutations: [] }],
    ['a list holding a queue’s text', [JSON.stringify(queue([write('a', 1)]))]],
    ['text that is not JSON', '{"buster":'],
    ['another cache version', JSON.stringify({ buster: 'old', mutations: [write('a', 1)] })],
    ['mutations that are not a list', JSON.stringify({ buster: BUSTER, mutations: {} })],
  ])('starts empty from %s', (_what, raw) => {
    expect(parseQueue(raw, BUSTER)).toEqual(empty)
  })
})

describe('recent', () => {
  it('forgets keys replayed a TTL ago or more, keeps younger ones', () => {
    const kept = recent(
      { old: NOW - REPLAYED_TTL_MS, young: NOW - REPLAYED_TTL_MS + 1, now: NOW },
      NOW,
    )
    expect(kept).toEqual({ young: NOW - REPLAYED_TTL_MS + 1, now: NOW })
  })

  it('keeps the newest 500 keys, whatever order they were stored in', () => {
    // Oldest first, as a queue that has grown one replay at a time stores them.
    const replayed = Object.fromEntries(
      Array.from({ length: 502 }, (_, i) => [`k${501 - i}`, NOW - 501 + i] as const),
    )
    const kept = recent(replayed, NOW)
    expect(Object.keys(kept)).toHaveLength(500)
    expect(kept).toHaveProperty('k0', NOW)
    expect(kept).toHaveProperty('k499', NOW - 499)
    expect(kept).not.toHaveProperty('k500')
    expect(kept).not.toHaveProperty('k501')
  })
})

describe('mergeQueue', () => {
  it('keeps another tab’s keyed writes beside this tab’s, oldest first', () => {
    const merged = mergeQueue(queue([write('other', 20)]), [write('mine', 10)], NOW)
    expect(keysOf(merged)).toEqual(['mine', 'other'])
    expect(merged.buster).toBe(BUSTER)
  })

  it('holds a write both have once, as this tab has it', () => {
    const merged = mergeQueue(queue([write('same', 10, 100)]), [write('same', 10, 250)], NOW)
    expect(merged.mutations).toHaveLength(1)
    expect(merged.mutations[0]?.state.variables).toEqual({ amount: 250, idempotencyKey: 'same' })
  })

  it('never writes back a key some tab has replayed', () => {
    const merged = mergeQueue(
      queue([write('done', 1), write('left', 2)], { done: NOW - 1000 }),
      [write('done', 1)],
      NOW,
    )
    expect(keysOf(merged)).toEqual(['left'])
    expect(merged.replayed).toEqual({ done: NOW - 1000 })
  })

  it('keeps only this tab’s keyless writes, all of them', () => {
    const merged = mergeQueue(
      queue([write(undefined, 1, 1)]),
      [write(undefined, 3, 3), write(undefined, 2, 2)],
      NOW,
    )
    expect(merged.mutations.map((m) => m.state.variables)).toEqual([{ amount: 2 }, { amount: 3 }])
  })

  it('puts keyless writes in time order among keyed ones', () => {
    const merged = mergeQueue(queue([write('b', 30)]), [write(undefined, 20), write('a', 10)], NOW)
    expect(merged.mutations.map((m) => m.state.submittedAt)).toEqual([10, 20, 30])
  })

  it('forgets replayed keys past the TTL, counting from now by default', () => {
    const now = Date.now()
    const merged = mergeQueue(
      queue([write('stale', 1)], { stale: now - REPLAYED_TTL_MS - 1000, fresh: now - 1000 }),
      [],
    )
    expect(merged.replayed).toEqual({ fresh: now - 1000 })
    // Once forgotten, a key on disk is a write again.
    expect(keysOf(merged)).toEqual(['stale'])
  })
})

describe('the queue in IndexedDB', () => {
  it('stores a tab’s writes as JSON under the queue key and reads them back', async () => {
    await writeQueue(BUSTER, [write('a', 1)])
    expect(typeof (await get(QUEUE_KEY))).toBe('string')
    expect(keysOf(await readQueue(BUSTER))).toEqual(['a'])
  })

  it('merges a second tab’s write into the first’s instead of replacing it', async () => {
    await writeQueue(BUSTER, [write('tab1', 1)])
    await writeQueue(BUSTER, [write('tab2', 2)])
    expect(keysOf(await readQueue(BUSTER))).toEqual(['tab1', 'tab2'])
  })

  it('drops a queue written with another cache version', async () => {
    await set(QUEUE_KEY, JSON.stringify(queue([write('a', 1)])))
    expect(await readQueue('other-buster')).toEqual({
      buster: 'other-buster',
      mutations: [],
      replayed: {},
    })
    await writeQueue('other-buster', [write('b', 2)])
    expect(keysOf(await readQueue('other-buster'))).toEqual(['b'])
  })

  it('clears the queue', async () => {
    await writeQueue(BUSTER, [write('a', 1)])
    await clearQueue()
    expect(await get(QUEUE_KEY)).toBeUndefined()
    expect((await readQueue(BUSTER)).mutations).toEqual([])
  })
})
