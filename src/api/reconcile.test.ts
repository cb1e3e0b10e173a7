import {
  MutationObserver,
  QueryObserver,
  onlineManager,
  type QueryClient,
} from '@tanstack/react-query'
import { waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { json, mockApi, problem } from '../testing/http'
import { api } from './client'
import { NetworkError, isApiError } from './errors'
import { createQueryClient } from '../offline/query-client'
import { KEYED_WRITE_TIMEOUT_MS, RESEND_LIMIT, isLostAnswer, resendDelay } from './reconcile'

/**
 * A write with an Idempotency-Key whose answer is lost is sent again under the same key, and
 * what is on screen is refetched once it settles (docs/decisions/0049-lost-answers.md).
 */

const BIDS = 'POST /api/lots/7/bids'
const placed = () => json({ placed: true }, 201)

let clients: QueryClient[] = []
afterEach(() => {
  for (const client of clients) client.unmount()
  clients = []
  vi.useRealTimers()
  onlineManager.setOnline(true)
})

/** The app's QueryClient, mounted (it listens to online/focus), with a lot query on screen. */
function app() {
  const client = createQueryClient()
  client.mount()
  clients.push(client)
  let lotFetches = 0
  const lot = new QueryObserver(client, {
    queryKey: ['lots', 'detail', '7'],
    queryFn: () => ++lotFetches,
  })
  const stop = lot.subscribe(() => undefined)
  const send = (key: string | null, networkMode: 'offlineFirst' | 'always' = 'offlineFirst') =>
    new MutationObserver(client, {
      networkMode,
      mutationFn: () =>
        api
          .post('lots/7/bids', {
            json: { amount: 1300 },
            headers: key ? { 'Idempotency-Key': key } : {},
          })
          .json(),
    })
  return { client, send, lotFetches: () => lotFetches, stop }
}

const keysOf = (requests: Request[]) => requests.map((r) => r.headers.get('Idempotency-Key'))

describe('a keyed write whose answer is lost', () => {
  it('is sent again under the same key, and its (replayed) answer settles it', async () => {
    let calls = 0
    const { requests } = mockApi({
      [BIDS]: () => {
        if (++calls === 1) throw new TypeError('Failed to fetch')
        return placed()
      },
    })
    const { send } = app()
    await expect(send('key-lost-once').mutate()).resolves.toEqual({ placed: true })
    expect(keysOf(requests)).toEqual(['key-lost-once', 'key-lost-once'])
  })

  it('refetches what is on screen once the resent write is answered', async () => {
    let calls = 0
    mockApi({
      [BIDS]: () => (++calls === 1 ? problem(502, 'bad_gateway', 'Bad gateway') : placed()),
    })
    const { send, lotFetches } = app()
    await waitFor(() => expect(lotFetches()).toBe(1))
    await send('key-refetch').mutate()
    await waitFor(() => expect(lotFetches()).toBe(2))
  })

  it('does not refetch after a write answered the first time (its answer patches the cache)', async () => {
    mockApi({ [BIDS]: placed })
    const { client, send, lotFetches } = app()
    await waitFor(() => expect(lotFetches()).toBe(1))
    await send('key-answered').mutate()
    // Positive control in the same test: an invalidation would refetch at once.
    expect(lotFetches()).toBe(1)
    await client.invalidateQueries()
    expect(lotFetches()).toBe(2)
  })

  it.each([502, 503, 504])(
    '%i (a gateway or a server that could not answer) is resent',
    async (status) => {
      let calls = 0
      const { requests } = mockApi({
        [BIDS]: () => (++calls === 1 ? problem(status, 'service_unavailable', 'Down') : placed()),
      })
      const { send } = app()
      await expect(send(`key-${status}`).mutate()).resolves.toEqual({ placed: true })
      expect(keysOf(requests)).toEqual([`key-${status}`, `key-${status}`])
    },
  )

  it.each([400, 409, 422, 500])('%i is an answer: never resent', async (status) => {
    const { requests } = mockApi({ [BIDS]: () => problem(status, 'bid_too_low', 'No') })
    const { send } = app()
    const error = await send(`key-${status}`)
      .mutate()
      .catch((e: unknown) => e)
    expect(isApiError(error) && error.status).toBe(status)
    expect(requests).toHaveLength(1)
  })

  it('without an Idempotency-Key is never resent (it could be applied twice)', async () => {
    const { requests } = mockApi({
      [BIDS]: () => {
        throw new TypeError('Failed to fetch')
      },
    })
    const { send } = app()
    const error = await send(null)
      .mutate()
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(NetworkError)
    expect(requests).toHaveLength(1)
  })

  it('that the browser could not send (already offline) fails at once: not sent, not lost', async () => {
    const { requests } = mockApi({
      [BIDS]: () => {
        throw new TypeError('Failed to fetch')
      },
    })
    const { send } = app()
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    const error = await send('key-offline', 'always')
      .mutate()
      .catch((e: unknown) => e)
    online.mockRestore()
    expect(error).toBeInstanceOf(NetworkError)
    expect((error as NetworkError).neverSent).toBe(true)
    expect(isLostAnswer(error)).toBe(false)
    expect(requests).toHaveLength(1)
  })

  it(`is resent at most ${RESEND_LIMIT} times, then fails as lost, and what is on screen is refetched`, async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const { requests } = mockApi({ [BIDS]: () => problem(503, 'service_unavailable', 'Down') })
    const { send, lotFetches } = app()
    await vi.waitFor(() => expect(lotFetches()).toBe(1))
    const outcome = send('key-bounded')
      .mutate()
      .catch((e: unknown) => e)
    let waited = 0
    for (let n = 0; n < RESEND_LIMIT; n++) waited += resendDelay(n)
    await vi.advanceTimersByTimeAsync(waited + 100)
    const error = await outcome
    expect(isLostAnswer(error)).toBe(true)
    expect(keysOf(requests)).toEqual(Array(RESEND_LIMIT + 1).fill('key-bounded'))
    await vi.waitFor(() => expect(lotFetches()).toBe(2))
  })

  it(`stops waiting for an answer after ${KEYED_WRITE_TIMEOUT_MS / 1000} s and sends it again under the same key`, async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    let calls = 0
    const { requests } = mockApi({
      [BIDS]: (request) => {
        if (++calls > 1) return placed()
        // The first answer never comes (a stalled request): only the abort ends it.
        return new Promise<Response>((_, reject) =>
          request.signal.addEventListener('abort', () =>
            reject(new DOMException('The operation was aborted.', 'AbortError')),
          ),
        )
      },
    })
    const { send } = app()
    const outcome = send('key-stalled').mutate()
    await vi.advanceTimersByTimeAsync(KEYED_WRITE_TIMEOUT_MS - 100)
    expect(requests).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(100 + resendDelay(0))
    await expect(outcome).resolves.toEqual({ placed: true })
    expect(keysOf(requests)).toEqual(['key-stalled', 'key-stalled'])
  })

  it('waits while offline and is resent as soon as the browser is back online', async () => {
    let calls = 0
    const { requests } = mockApi({
      [BIDS]: () => {
        if (++calls === 1) {
          onlineManager.setOnline(false) // the network goes with the answer
          throw new TypeError('Failed to fetch')
        }
        return placed()
      },
    })
    const { client, send } = app()
    const observer = send('key-back-online')
    const outcome = observer.mutate()
    await waitFor(() => expect(observer.getCurrentResult().isPaused).toBe(true))
    expect(observer.getCurrentResult().failureCount).toBe(1)
    expect(requests).toHaveLength(1)
    const backAt = Date.now()
    onlineManager.setOnline(true)
    await expect(outcome).resolves.toEqual({ placed: true })
    expect(Date.now() - backAt).toBeLessThan(resendDelay(RESEND_LIMIT))
    expect(keysOf(requests)).toEqual(['key-back-online', 'key-back-online'])
    expect(client.getMutationCache().getAll()[0]!.state.status).toBe('success')
  })
})
