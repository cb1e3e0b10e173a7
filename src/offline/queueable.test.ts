import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

/**
 * The queueable writes' definitions (queueable.ts) load only when a queued write must be brought
 * back; a failed load leaves the writes queued and is reported, and the next call tries again.
 */
type Queueable = typeof import('./queueable')

/** A fresh copy of the module: which loader it was given is module state. */
async function freshQueueable(): Promise<Queueable> {
  vi.resetModules()
  return import('./queueable')
}

const WRITE = { mutationKey: ['bids'], state: { variables: { amount: 5 } } }

let queueable: Queueable
beforeEach(async () => {
  queueable = await freshQueueable()
})
afterEach(() => {
  vi.restoreAllMocks()
})

describe('definitionsFor', () => {
  it('does not load the definitions when nothing is queued (a first visit)', async () => {
    const load = vi.fn(async () => ({}))
    queueable.provideQueueableDefinitions(load)
    await queueable.definitionsFor([])
    expect(load).not.toHaveBeenCalled()
  })

  it('waits for the definitions when a write is queued', async () => {
    let finish!: () => void
    const load = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)))
    queueable.provideQueueableDefinitions(load)
    let done = false
    const waiting = queueable.definitionsFor([WRITE]).then(() => (done = true))
    await Promise.resolve()
    await Promise.resolve()
    expect(load).toHaveBeenCalledTimes(1)
    expect(done).toBe(false)
    finish()
    await waiting
    expect(done).toBe(true)
  })

  it('resolves at once when no loader was provided (nothing to load)', async () => {
    await expect(queueable.definitionsFor([WRITE])).resolves.toBeUndefined()
  })

  it('uses the loader provided last', async () => {
    const first = vi.fn(async () => ({}))
    const second = vi.fn(async () => ({}))
    queueable.provideQueueableDefinitions(first)
    queueable.provideQueueableDefinitions(second)
    await queueable.definitionsFor([WRITE])
    expect(first).not.toHaveBeenCalled()
    expect(second).toHaveBeenCalledTimes(1)
  })

  it('reports a failed load without throwing, and tries again on the next call', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const failure = new Error('chunk failed to load')
    const load = vi
      .fn<() => Promise<unknown>>()
      .mockRejectedValueOnce(failure)
      .mockResolvedValueOnce({})
    queueable.provideQueueableDefinitions(load)

    await expect(queueable.definitionsFor([WRITE])).resolves.toBeUndefined()
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn).toHaveBeenCalledWith(
      'The queued writes could not be loaded; they stay queued',
      failure,
    )

    await queueable.definitionsFor([WRITE])
    expect(load).toHaveBeenCalledTimes(2)
    expect(warn).toHaveBeenCalledTimes(1)
  })
})
