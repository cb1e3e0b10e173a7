import { MutationObserver, onlineManager } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createQueryClient } from '../offline/query-client'
import { registerMutationDefaults, unregisterMutationDefaults } from '../offline/mutations'
import { persister } from '../offline/persist'
import { clearPersistedState } from '../offline/wipe'
import { createReloadGuard, pendingWorkMeta } from '../offline/reload-guard'
import { createUpdateReload } from './update-reload'

const WATCH = ['test', 'update-watch'] as const

function setup() {
  const client = createQueryClient()
  const guard = createReloadGuard(client)
  const events: string[] = []
  // What IndexedDB held at the moment of the reload (the read starts after any earlier write):
  // the cache and the shared offline queue, as the next page restores them.
  let persistedAtReload: Promise<unknown> = Promise.resolve(undefined)
  const reload = vi.fn(() => {
    events.push('reload')
    persistedAtReload = Promise.resolve(persister.restoreClient())
  })
  const updater = createUpdateReload({ guard, client, reload })
  const startBid = () => {
    let answer!: () => void
    const answered = new Promise<void>((resolve) => (answer = resolve))
    const observer = new MutationObserver(client, {
      networkMode: 'always',
      meta: pendingWorkMeta('bid'),
      mutationFn: () => answered,
      onSuccess: () => {
        events.push('bid answered')
        client.setQueryData(['lot'], { price: 1100 })
      },
    })
    const done = observer.mutate()
    return async () => {
      answer()
      await done
    }
  }
  return { client, guard, updater, reload, events, startBid, persisted: () => persistedAtReload }
}

describe('applying an update (reloadAfterFlush)', () => {
  beforeEach(async () => {
    await clearPersistedState()
    registerMutationDefaults(WATCH, { mutationFn: async () => ({ watching: true }) })
  })
  afterEach(() => unregisterMutationDefaults(WATCH))

  it('waits with no deadline while a bid is pending, then reloads after it is answered', async () => {
    const { updater, reload, events, startBid } = setup()
    const answerBid = startBid()
    vi.useFakeTimers()
    const running = updater.run()
    // The old code gave up after 5 s; a minute later it still waits.
    await vi.advanceTimersByTimeAsync(60_000)
    expect(reload).not.toHaveBeenCalled()
    vi.useRealTimers()

    await answerBid()
    await running
    expect(events).toEqual(['bid answered', 'reload'])
  })

  it('writes the cache and the offline queue before reloading, the bid answer included', async () => {
    const { client, updater, reload, startBid, persisted } = setup()
    client.setQueryData(['lot'], { price: 1000 })
    // A watch toggled offline a moment ago: queued, not yet written by the throttled persister.
    onlineManager.setOnline(false)
    void new MutationObserver(client, { mutationKey: WATCH }).mutate({ lotId: 7 } as never)
    const answerBid = startBid()

    const running = updater.run()
    await answerBid()
    await running
    expect(reload).toHaveBeenCalledTimes(1)
    const saved = (await persisted()) as {
      clientState: {
        queries: Array<{ queryKey: unknown; state: { data: unknown } }>
        mutations: Array<{ mutationKey: unknown; state: { variables: unknown } }>
      }
    }
    expect(saved.clientState.mutations).toEqual([
      expect.objectContaining({
        mutationKey: WATCH,
        state: expect.objectContaining({ variables: { lotId: 7 } }),
      }),
    ])
    const lot = saved.clientState.queries.find((q) => JSON.stringify(q.queryKey) === '["lot"]')
    expect(lot?.state.data).toEqual({ price: 1100 })
  })

  it('never reloads while a hold is taken (a card confirmation), and reloads once it is released', async () => {
    const { guard, updater, reload } = setup()
    const release = guard.hold('payment')
    const running = updater.run()
    await new Promise((r) => setTimeout(r, 100))
    expect(reload).not.toHaveBeenCalled()
    release()
    await running
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('a second request (our button and the controlling event) joins the first: one reload', async () => {
    const { updater, reload } = setup()
    expect(updater.started()).toBe(false)
    const first = updater.run()
    expect(updater.started()).toBe(true)
    await Promise.all([first, updater.run()])
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('reloads even if the cache cannot be written (an update must never be stuck)', async () => {
    const { client, updater, reload } = setup()
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const broken = vi.spyOn(client, 'getQueryCache').mockImplementation(() => {
      throw new Error('no cache')
    })
    await updater.run()
    expect(reload).toHaveBeenCalledTimes(1)
    expect(warn).toHaveBeenCalled()
    broken.mockRestore()
    warn.mockRestore()
  })
})
