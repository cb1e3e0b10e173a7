import { MutationObserver, onlineManager } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { createQueryClient } from './query-client'
import {
  createReloadGuard,
  pendingWorkMeta,
  usePendingWork,
  type PendingWork,
} from './reload-guard'

/** A request whose answer the test releases by hand. */
function deferred<T = void>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => (resolve = r))
  return { promise, resolve }
}

function setup() {
  const client = createQueryClient()
  const guard = createReloadGuard(client)
  /** Starts a mutation that stays pending until `answer()` is called. */
  const start = (options: { work?: PendingWork; networkMode?: 'online' | 'always' } = {}) => {
    const answer = deferred()
    const observer = new MutationObserver(client, {
      mutationFn: () => answer.promise,
      networkMode: options.networkMode ?? 'always',
      ...(options.work ? { meta: pendingWorkMeta(options.work) } : {}),
    })
    const done = observer.mutate().catch(() => undefined)
    return {
      answer: async () => {
        answer.resolve()
        await done
      },
    }
  }
  return { client, guard, start }
}

afterEach(() => onlineManager.setOnline(true))

describe('reload guard', () => {
  it('is clear with nothing in flight, and names a pending bid until it is answered', async () => {
    const { guard, start } = setup()
    expect(guard.current()).toBeNull()
    const bid = start({ work: 'bid' })
    expect(guard.current()).toBe('bid')
    await bid.answer()
    expect(guard.current()).toBeNull()
  })

  it('counts any other pending write as a save', async () => {
    const { guard, start } = setup()
    const write = start()
    expect(guard.current()).toBe('save')
    await write.answer()
    expect(guard.current()).toBeNull()
  })

  it('ignores a paused mutation: it is in the offline queue, which survives the reload', async () => {
    onlineManager.setOnline(false)
    const { guard, start } = setup()
    start({ networkMode: 'online' })
    expect(guard.current()).toBeNull()
  })

  it('counts a bid paused while it waits to be resent (its answer was lost): a reload would drop it', async () => {
    const { client, guard } = setup()
    client.mount() // back online, the client resumes its paused writes
    let calls = 0
    const observer = new MutationObserver(client, {
      mutationKey: ['lots', 'bid', '7'],
      networkMode: 'offlineFirst',
      meta: pendingWorkMeta('bid'),
      mutationFn: () => {
        if (++calls > 1) return Promise.resolve()
        onlineManager.setOnline(false)
        return Promise.reject(Object.assign(new Error('reset'), { lost: true }))
      },
      // The QueryClient's resend rule is tested in src/api/reconcile.test.ts; here: resend once.
      retry: (failures) => failures < 1,
      retryDelay: 0,
    })
    const done = observer.mutate()
    await waitFor(() => expect(observer.getCurrentResult().isPaused).toBe(true))
    expect(guard.current()).toBe('bid')
    onlineManager.setOnline(true)
    await done
    expect(calls).toBe(2)
    expect(guard.current()).toBeNull()
    client.unmount()
  })

  it('holds until every hold is released; releasing twice changes nothing', () => {
    const { guard } = setup()
    const first = guard.hold('payment')
    const second = guard.hold('payment')
    expect(guard.current()).toBe('payment')
    first()
    first()
    expect(guard.current()).toBe('payment')
    second()
    expect(guard.current()).toBeNull()
  })

  it('shows a payment before a bid when both are pending', async () => {
    const { guard, start } = setup()
    const bid = start({ work: 'bid' })
    const release = guard.hold('payment')
    expect(guard.current()).toBe('payment')
    release()
    expect(guard.current()).toBe('bid')
    await bid.answer()
  })

  it('whenClear waits with no deadline for the bid and the hold, whichever ends last', async () => {
    const { guard, start } = setup()
    const bid = start({ work: 'bid' })
    const release = guard.hold()
    let cleared = false
    void guard.whenClear().then(() => (cleared = true))

    await new Promise((r) => setTimeout(r, 50))
    expect(cleared).toBe(false)
    await bid.answer()
    await new Promise((r) => setTimeout(r, 0))
    expect(cleared).toBe(false)
    release()
    await new Promise((r) => setTimeout(r, 0))
    expect(cleared).toBe(true)
  })

  it('usePendingWork re-renders as work starts and ends', async () => {
    const { guard, start } = setup()
    const { result } = renderHook(() => usePendingWork(guard))
    expect(result.current).toBeNull()
    let bid!: ReturnType<typeof start>
    act(() => {
      bid = start({ work: 'bid' })
    })
    expect(result.current).toBe('bid')
    await act(() => bid.answer())
    expect(result.current).toBeNull()
  })
})
