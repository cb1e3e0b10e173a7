import { MutationObserver, QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { NetworkError } from '../api/errors'
import { apiError } from '../testing/http'
import {
  bindMutationRegistry,
  isFinalRefusal,
  isQueueableMutation,
  reapplyQueued,
  registerMutationDefaults,
  retryQueuedWrite,
  unbindMutationRegistry,
  unregisterMutationDefaults,
} from './mutations'

/**
 * The registry of writes that may wait in the offline queue (mutations.ts): which writes it
 * knows, how they are tried again, in which order they run, and which answer is the last word.
 */
const WATCH = ['test', 'mutations', 'watch'] as const
const READ = ['test', 'mutations', 'read'] as const

const bound: QueryClient[] = []
afterEach(() => {
  for (const client of bound.splice(0)) unbindMutationRegistry(client)
  unregisterMutationDefaults(WATCH)
  unregisterMutationDefaults(READ)
  vi.useRealTimers()
})

function boundClient() {
  const client = new QueryClient()
  bound.push(client)
  bindMutationRegistry(client)
  return client
}

const run = (client: QueryClient, mutationKey: readonly unknown[]) =>
  new MutationObserver<unknown, Error, object>(client, { mutationKey }).mutate({})

describe('the last word of the server on a queued write', () => {
  it.each([400, 403, 404, 409, 422, 499])('a %i is final', (status) => {
    expect(isFinalRefusal(apiError(status))).toBe(true)
    expect(retryQueuedWrite(0, apiError(status))).toBe(false)
  })

  it.each([
    ['a 408 (timeout)', apiError(408)],
    ['a 429 (rate limited)', apiError(429)],
    ['a 500', apiError(500)],
    ['a 503', apiError(503)],
    ['no answer', new NetworkError(new TypeError('Failed to fetch'), false)],
    ['a bug of ours', new TypeError('x is undefined')],
  ])('%s is not: the write is tried again, six times at most', (_, error) => {
    expect(isFinalRefusal(error)).toBe(false)
    expect(retryQueuedWrite(0, error)).toBe(true)
    expect(retryQueuedWrite(5, error)).toBe(true)
    expect(retryQueuedWrite(6, error)).toBe(false)
  })
})

describe('a registered write', () => {
  it('is tried again after 1 s, 2 s, 4 s, 8 s, then every 15 s, while the server is down', async () => {
    vi.useFakeTimers()
    const tries: number[] = []
    const start = Date.now()
    registerMutationDefaults(WATCH, {
      mutationFn: async () => {
        tries.push(Date.now() - start)
        throw apiError(503)
      },
    })
    const settled = run(boundClient(), WATCH).catch((error: unknown) => error)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(tries).toEqual([0, 1_000, 3_000, 7_000, 15_000, 30_000, 45_000])
    expect(await settled).toMatchObject({ status: 503 })
  })

  it('runs after the queued writes made before it, never beside them', async () => {
    const log: string[] = []
    const slowly = (name: string, ms: number) => async () => {
      log.push(`${name} sent`)
      await new Promise((resolve) => setTimeout(resolve, ms))
      log.push(`${name} answered`)
    }
    registerMutationDefaults(WATCH, { mutationFn: slowly('watch', 20) })
    registerMutationDefaults(READ, { mutationFn: slowly('read', 1) })
    const client = boundClient()
    await Promise.all([run(client, WATCH), run(client, READ)])
    expect(log).toEqual(['watch sent', 'watch answered', 'read sent', 'read answered'])
  })

  it('keeps the options it was registered with over the queue defaults', async () => {
    const mutationFn = vi.fn(() => Promise.reject(apiError(503)))
    registerMutationDefaults(WATCH, { mutationFn, retry: false })
    await expect(run(boundClient(), WATCH)).rejects.toMatchObject({ status: 503 })
    expect(mutationFn).toHaveBeenCalledTimes(1)
  })

  it('reaches clients bound before and after it was registered, not one unbound', async () => {
    const early = boundClient()
    const mutationFn = vi.fn(async () => 'done')
    registerMutationDefaults(WATCH, { mutationFn })
    const late = boundClient()
    await expect(run(early, WATCH)).resolves.toBe('done')
    await expect(run(late, WATCH)).resolves.toBe('done')

    const gone = new QueryClient()
    bindMutationRegistry(gone)
    unbindMutationRegistry(gone)
    registerMutationDefaults(READ, { mutationFn })
    await expect(run(gone, READ)).rejects.toThrow(/mutationFn/)
    expect(mutationFn).toHaveBeenCalledTimes(2)
  })
})

describe('which writes may wait in the queue', () => {
  it('those registered, by their key or a longer one; nothing else', () => {
    registerMutationDefaults(WATCH, { mutationFn: async () => ({}) })
    expect(isQueueableMutation([...WATCH])).toBe(true)
    expect(isQueueableMutation([...WATCH, 42])).toBe(true)
    expect(isQueueableMutation(['test', 'mutations'])).toBe(false)
    expect(isQueueableMutation(['bids', 'place'])).toBe(false)
    expect(isQueueableMutation(undefined)).toBe(false)
    unregisterMutationDefaults(WATCH)
    expect(isQueueableMutation([...WATCH])).toBe(false)
  })

  it("are shown again by their feature's reapply, oldest first, each by its own", () => {
    const shown: string[] = []
    registerMutationDefaults(WATCH, { mutationFn: async () => ({}) }, (_client, vars: string) =>
      shown.push(`watch ${vars}`),
    )
    registerMutationDefaults(READ, { mutationFn: async () => ({}) })
    reapplyQueued(new QueryClient(), [
      { mutationKey: [...WATCH, 1], variables: 'a' },
      { mutationKey: [...READ], variables: 'b' }, // no reapply: nothing to show again
      { variables: 'keyless' },
      { mutationKey: ['bids', 'place'], variables: 'c' },
      { mutationKey: [...WATCH], variables: 'd' },
    ])
    expect(shown).toEqual(['watch a', 'watch d'])
  })
})
