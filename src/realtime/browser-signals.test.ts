import { QueryClient } from '@tanstack/react-query'
import { afterEach, expect, it, vi } from 'vitest'
import { listenToBrowser } from './browser-signals'

/** What the browser and the app's writes tell the connection (browser-signals.ts). */
const stops: Array<() => void> = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

function listening(queryClient = new QueryClient()) {
  const on = { online: vi.fn(), offline: vi.fn(), lookAgain: vi.fn() }
  const stop = listenToBrowser(queryClient, on)
  stops.push(stop)
  return { on, stop, queryClient }
}

function visibility(state: DocumentVisibilityState) {
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(state)
  document.dispatchEvent(new Event('visibilitychange'))
}

function write(queryClient: QueryClient, outcome: () => Promise<unknown>, retry = 0) {
  return queryClient
    .getMutationCache()
    .build(queryClient, { mutationFn: outcome, retry, retryDelay: 0 })
    .execute(undefined)
    .catch(() => undefined)
}

it('hears the network come and go', () => {
  const { on } = listening()
  window.dispatchEvent(new Event('offline'))
  expect(on.offline).toHaveBeenCalledTimes(1)
  expect(on.online).not.toHaveBeenCalled()
  window.dispatchEvent(new Event('online'))
  expect(on.online).toHaveBeenCalledTimes(1)
  expect(on.lookAgain).not.toHaveBeenCalled()
})

it('looks again when the page is shown or focused, not when it is hidden', () => {
  const { on } = listening()
  visibility('hidden')
  expect(on.lookAgain).not.toHaveBeenCalled()
  visibility('visible')
  expect(on.lookAgain).toHaveBeenCalledTimes(1)
  window.dispatchEvent(new Event('focus'))
  expect(on.lookAgain).toHaveBeenCalledTimes(2)
  vi.restoreAllMocks()
})

it('looks again on each failed try of a write, not when a write succeeds', async () => {
  const { on, queryClient } = listening()
  await write(queryClient, async () => ({ ok: true }))
  expect(on.lookAgain).not.toHaveBeenCalled()
  await write(queryClient, () => Promise.reject(new Error('bid_too_low')))
  expect(on.lookAgain).toHaveBeenCalledTimes(1)
  // A write tried twice: the failure that is retried counts, and so does the final one.
  await write(queryClient, () => Promise.reject(new Error('Failed to fetch')), 1)
  expect(on.lookAgain).toHaveBeenCalledTimes(3)
})

it('hears nothing more once stopped', async () => {
  const { on, stop, queryClient } = listening()
  stop()
  window.dispatchEvent(new Event('online'))
  window.dispatchEvent(new Event('offline'))
  window.dispatchEvent(new Event('focus'))
  visibility('visible')
  await write(queryClient, () => Promise.reject(new Error('bid_too_low')))
  expect(on.online).not.toHaveBeenCalled()
  expect(on.offline).not.toHaveBeenCalled()
  expect(on.lookAgain).not.toHaveBeenCalled()
  vi.restoreAllMocks()
})
