/**
 * Two tabs, one offline queue (docs/product.md §6; docs/decisions/0011). One browser
 * context — one IndexedDB, one service worker — with two tabs of the same member. Offline, a
 * watch is made in tab A; tab B reloads offline, so both tabs now hold the queued write. Tab B is
 * frozen when the network returns: tab A replays the watch (applied), then the member unwatches
 * in tab A; then tab B wakes and replays its stale copy of the watch. The server answers it from
 * its idempotency store — the watch was applied once, and the later unwatch stands.
 */
import type { BrowserContext, Page, Response } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  apiClient,
  buildClient,
  launchBrowser,
  sleepDevice,
  startServer,
  waitFor,
  type RunningServer,
} from './harness.ts'
import { createLot, signIn } from './members.ts'

const QUEUE_KEY = 'lotline-offline-queue'
let server: RunningServer
const { api, login } = apiClient(() => server.url)

beforeAll(async () => {
  server = await startServer({ distDir: buildClient('two-tabs') })
})
afterAll(() => server?.stop())

/** Signed in once: polling with a fresh sign-in each time would meet the sign-in rate limit. */
let aliceCookie: string | undefined

async function watchedByAlice(lotId: string): Promise<boolean> {
  aliceCookie ??= await login('alice@lotline.test')
  const list = (await (await api('watchlist', aliceCookie)).json()) as {
    items: Array<{ id: string }>
  }
  return list.items.some((l) => l.id === lotId)
}

/** Waits until a service worker controls the page, so it can reload offline. */
async function waitForServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload()
  await waitFor(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), 15_000)
}

/** The idempotency keys of the writes queued on disk (shared by the tabs). */
function queuedOnDisk(page: Page): Promise<string[]> {
  return page.evaluate(
    (key) =>
      new Promise<string[]>((resolve, reject) => {
        // Never created by this read: an empty database would lack the app's store, and the app's
        // own first open (once its page is idle) would then fail.
        const open = indexedDB.open('keyval-store')
        open.onupgradeneeded = () => open.transaction?.abort()
        // Aborted: nothing is queued on disk yet.
        open.onerror = () => (open.error?.name === 'AbortError' ? resolve([]) : reject(open.error))
        open.onsuccess = () => {
          const read = open.result.transaction('keyval').objectStore('keyval').get(key)
          read.onsuccess = () => {
            const queue = read.result
              ? (JSON.parse(read.result as string) as {
                  mutations: Array<{ state: { variables: { idempotencyKey?: string } } }>
                })
              : { mutations: [] }
            resolve(queue.mutations.map((m) => m.state.variables.idempotencyKey ?? ''))
          }
          read.onerror = () => reject(read.error)
        }
      }),
    QUEUE_KEY,
  )
}

interface WatchCall {
  method: string
  key: string | undefined
  status: number
  replayed: boolean
}

/** Every watch/unwatch request of the lot that reached the server, from any tab. */
function recordWatchCalls(context: BrowserContext, lotId: string): WatchCall[] {
  const calls: WatchCall[] = []
  context.on('response', (response: Response) => {
    const request = response.request()
    if (!request.url().endsWith(`/api/lots/${lotId}/watch`)) return
    calls.push({
      method: request.method(),
      key: request.headers()['idempotency-key'],
      status: response.status(),
      replayed: response.headers()['idempotent-replayed'] === 'true',
    })
  })
  return calls
}

const watchButton = (page: Page, name: 'Watch' | 'Watching') =>
  page.getByRole('button', { name, exact: true })

describe('two tabs, one offline queue', () => {
  it('a watch queued offline and held by both tabs is applied once; a later unwatch stands', async () => {
    const carol = await login('carol@lotline.test')
    const lot = await createLot(api, carol, 'E2E two tabs', { startingPrice: 100 })
    const lotUrl = `${server.url}lots/${lot.id}`

    const browser = await launchBrowser()
    try {
      const context = await browser.newContext()
      await signIn(context.request, server.url, 'alice@lotline.test')
      const calls = recordWatchCalls(context, lot.id)
      const tabA = await context.newPage()
      await tabA.goto(lotUrl)
      await waitForServiceWorker(tabA)
      const tabB = await context.newPage()
      await tabB.goto(lotUrl)
      for (const tab of [tabA, tabB]) {
        await expect.poll(() => watchButton(tab, 'Watch').count(), { timeout: 20_000 }).toBe(1)
      }

      // Offline: Alice watches in tab A; the write is queued on disk.
      await context.setOffline(true)
      await watchButton(tabA, 'Watch').click()
      await expect.poll(() => watchButton(tabA, 'Watching').count()).toBe(1)
      await expect.poll(() => queuedOnDisk(tabA), { timeout: 10_000 }).toHaveLength(1)
      const [watchKey] = await queuedOnDisk(tabA)
      expect(watchKey).toMatch(/^[0-9a-f-]{36}$/)

      // Tab B reloads, still offline: it restores the queued watch too (and shows it).
      await tabB.reload()
      await expect.poll(() => watchButton(tabB, 'Watching').count(), { timeout: 20_000 }).toBe(1)
      expect(await queuedOnDisk(tabB)).toEqual([watchKey])
      expect(calls).toEqual([])

      // Tab B is frozen in the background; the network returns; tab A replays the watch.
      const wakeB = await sleepDevice(await context.newCDPSession(tabB), tabB)
      await context.setOffline(false)
      // The replay waits for the online event and the next retry of its backoff (at most ~15 s).
      await expect
        .poll(() => watchedByAlice(lot.id), { timeout: 30_000, message: 'the watch replayed' })
        .toBe(true)
      await expect.poll(() => queuedOnDisk(tabA), { timeout: 10_000 }).toEqual([])

      // Alice changes her mind in tab A: unwatch, online.
      await watchButton(tabA, 'Watching').click()
      await expect.poll(() => watchedByAlice(lot.id), { timeout: 15_000 }).toBe(false)

      // Tab B wakes and replays its copy of the old watch: answered from the store, not applied.
      await wakeB()
      await expect
        .poll(() => calls.filter((c) => c.key === watchKey).length, { timeout: 15_000 })
        .toBeGreaterThanOrEqual(2)
      const watchCalls = calls.filter((c) => c.key === watchKey)
      const answered = (c: WatchCall) => `${c.method} ${c.status}`
      expect(watchCalls.map(answered)).toEqual(watchCalls.map(() => 'PUT 200'))
      expect(watchCalls.filter((c) => !c.replayed)).toHaveLength(1) // applied exactly once
      const unwatches = calls.filter((c) => c.method === 'DELETE')
      expect(unwatches).toHaveLength(1)
      expect(unwatches[0]).toMatchObject({ status: 200, replayed: false })
      expect(unwatches[0]!.key).not.toBe(watchKey)
      console.log(
        `two tabs: watch ${watchKey} reached the server ${watchCalls.length} times, applied once; ` +
          `requests: ${calls.map((c) => `${c.method}${c.replayed ? ' (replayed)' : ''}`).join(', ')}`,
      )

      // The later unwatch stands — on the server and in both tabs — and nothing is left queued.
      expect(await watchedByAlice(lot.id)).toBe(false)
      for (const tab of [tabA, tabB]) {
        await expect.poll(() => watchButton(tab, 'Watch').count(), { timeout: 15_000 }).toBe(1)
        await tab.goto(`${server.url}watchlist`)
        const loaded = async () =>
          (await tab.getByText('You are not watching any lots').count()) +
          (await tab.locator('main a[href*="/lots/"]').count())
        await expect.poll(loaded, { timeout: 15_000 }).toBeGreaterThan(0)
        expect(await tab.getByText('E2E two tabs').count()).toBe(0)
      }
      expect(await queuedOnDisk(tabA)).toEqual([])
    } finally {
      await browser.close()
    }
  })
})
