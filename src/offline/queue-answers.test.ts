import { MutationObserver, onlineManager, type QueryClient } from '@tanstack/react-query'
import { persistQueryClientRestore } from '@tanstack/react-query-persist-client'
import { waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { api } from '../api/client'
import { newIdempotencyKey } from '../api/idempotency'
import { createQueryClient } from './query-client'
import { mockApi, problem, json, type Handler } from '../testing/http'
import {
  registerMutationDefaults,
  unbindMutationRegistry,
  unregisterMutationDefaults,
} from './mutations'
import { flushPersistedState, persistOptions } from './persist'
import { queueHeaders } from './queue-headers'
import type { Queued } from './queued'
import { readQueue } from './queue-store'
import { uninstallQueueReplay } from './replay'
import { CACHE_SCHEMA_VERSION } from './version'
import { clearPersistedState } from './wipe'

/**
 * What the offline queue does with each kind of answer to a replayed write (docs/product.md §6,
 * docs/decisions/0011): a rate limit, a 5xx or no answer at all is not the server's last word, so
 * the write is tried again and stays on disk until one is; a 4xx refusal is final and leaves.
 *
 * The write goes through the app's real HTTP client (ky → ApiError / NetworkError) to a mocked
 * fetch. Its retry delay is shortened so the test does not wait out the backoff; which answers are
 * retried and which leave the disk is the queue's own rule.
 */
const KEY = ['test', 'queue-answers'] as const
const PATH = '/api/test/queued'
type Vars = { lotId: string } & Queued

let answers: Handler[]
let http: ReturnType<typeof mockApi>
const open: QueryClient[] = []

/** The server answers the n-th request with `answers[n]` (the last one from then on). */
function serve(...script: Handler[]) {
  answers = script
  let n = 0
  http = mockApi({ [`PUT ${PATH}`]: (req) => answers[Math.min(n++, answers.length - 1)]!(req) })
}
const ok: Handler = () => json({ ok: true })
const rateLimited: Handler = () => problem(429, 'rate_limited', 'Too many requests.')
const unavailable: Handler = () => problem(503, 'service_unavailable', 'Try again shortly.')
const noAnswer: Handler = () => {
  throw new TypeError('Failed to fetch')
}
const notFound: Handler = () => problem(404, 'not_found', 'No such lot.')

beforeEach(async () => {
  await clearPersistedState()
  registerMutationDefaults(KEY, {
    mutationFn: (vars: Vars) => api.put('test/queued', { headers: queueHeaders(vars) }).json(),
    retryDelay: 5,
  })
})
afterEach(() => {
  for (const tab of open.splice(0)) {
    tab.unmount()
    tab.clear()
    unbindMutationRegistry(tab)
    uninstallQueueReplay(tab)
  }
  unregisterMutationDefaults(KEY)
})

async function openTab() {
  const tab = createQueryClient()
  tab.mount()
  await persistQueryClientRestore({ queryClient: tab, ...persistOptions })
  open.push(tab)
  return tab
}

/** Queued offline in one tab and written to disk, as a page does before it is closed. */
async function queuedOffline(): Promise<string> {
  onlineManager.setOnline(false)
  const tab = await openTab()
  const vars: Vars = { lotId: 'L1', idempotencyKey: newIdempotencyKey() }
  void new MutationObserver<unknown, Error, Vars>(tab, { mutationKey: KEY })
    .mutate(vars)
    .catch(() => undefined)
  await waitFor(() => expect(tab.getMutationCache().getAll()[0]?.state.isPaused).toBe(true))
  await flushPersistedState(tab)
  return vars.idempotencyKey!
}

const onDisk = async () =>
  (await readQueue(CACHE_SCHEMA_VERSION)).mutations.map(
    (m) => (m.state.variables as Vars).idempotencyKey,
  )
const keysSent = () => http.requests.map((r) => r.headers.get('idempotency-key'))
const statuses = (tab: QueryClient) =>
  tab
    .getMutationCache()
    .getAll()
    .map((m) => m.state.status)

describe('a replayed write and the answer it gets', () => {
  it('answered 429, it is kept and sent again, with its key, until the server takes it', async () => {
    const key = await queuedOffline()
    serve(rateLimited, rateLimited, ok)
    const tab = open[0]!
    onlineManager.setOnline(true)
    await waitFor(() => expect(statuses(tab)).toEqual(['success']))
    expect(keysSent()).toEqual([key, key, key])
    await waitFor(async () => expect(await onDisk()).toEqual([]))
  })

  it.each([
    ['a 503', unavailable],
    ['no answer', noAnswer],
  ])(
    'answered with %s until the tab gives up, it stays on disk and a later visit sends it',
    async (_, failure) => {
      const key = await queuedOffline()
      serve(failure)
      const tab = open[0]!
      onlineManager.setOnline(true)
      await waitFor(() => expect(statuses(tab)).toEqual(['error']))
      const tries = http.requests.length
      expect(tries).toBeGreaterThan(1) // retried, not dropped at the first failure
      // The replay has finished with it (the lock is free: another tab can replay now) …
      await flushPersistedState(tab)
      expect(await onDisk()).toEqual([key])

      // … and the next visit, with the server back, sends it once more and it leaves the disk.
      serve(ok)
      const later = await openTab()
      await later.resumePausedMutations()
      await waitFor(() => expect(statuses(later)).toEqual(['success']))
      expect(keysSent()).toEqual([key])
      await waitFor(async () => expect(await onDisk()).toEqual([]))
    },
  )

  it('refused with a 404, it is not sent again and leaves the disk (the answer will not change)', async () => {
    await queuedOffline()
    serve(notFound, ok)
    const tab = open[0]!
    onlineManager.setOnline(true)
    await waitFor(() => expect(statuses(tab)).toEqual(['error']))
    await waitFor(async () => expect(await onDisk()).toEqual([]))
    expect(http.requests).toHaveLength(1)
  })
})
