import { MutationObserver } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'

/**
 * The prompt drives the app's own singletons (query client, reload guard, update reload), so each
 * test loads fresh copies of them.
 */
async function load() {
  vi.resetModules()
  const [
    { UpdatePrompt },
    { pwaStub },
    { queryClient },
    { pendingWorkMeta, reloadGuard },
    { ToastProvider },
    { addMessages },
    { moreEn },
  ] = await Promise.all([
    import('./UpdatePrompt'),
    import('../testing/pwa-register-stub'),
    import('../offline/query-client'),
    import('../offline/reload-guard'),
    import('../components/Toast'),
    import('../i18n'),
    import('../i18n/more'),
  ])
  // A fresh i18n module: the prompt's English is in the chunk the app loads after first paint.
  addMessages(moreEn, true)
  pwaStub.reset()
  pwaStub.needRefresh = true
  const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => undefined)
  // The update reload waits on the guard: once it asks, nothing can happen until the bid is
  // answered, so the tests wait for that call instead of sleeping before they check absence.
  const waitsOnGuard = vi.spyOn(reloadGuard, 'whenClear')
  render(
    <ToastProvider dismissLabel="Dismiss">
      <UpdatePrompt />
    </ToastProvider>,
  )
  /** A bid sent from this tab, answered when the test says so. */
  const startBid = () => {
    let answer!: () => void
    const answered = new Promise<void>((resolve) => (answer = resolve))
    const done = new MutationObserver(queryClient, {
      networkMode: 'always',
      meta: pendingWorkMeta('bid'),
      mutationFn: () => answered,
    }).mutate()
    return async () => {
      answer()
      await done
    }
  }
  return { pwaStub, reload, startBid, waitsOnGuard }
}

describe('update prompt', () => {
  beforeEach(() => vi.restoreAllMocks())

  it('Reload during a bid says it waits for the answer, and updates only after it', async () => {
    const { pwaStub, reload, startBid, waitsOnGuard } = await load()
    const answerBid = startBid()
    await waitFor(() => expect(screen.getByText('A new version of Lotline is available.')))

    fireEvent.click(screen.getByRole('button', { name: 'Reload' }))
    expect(await screen.findByText('Updating when your bid is answered…')).toBeTruthy()
    await waitFor(() => expect(waitsOnGuard).toHaveBeenCalled())
    // The new worker is not even told to take over while the bid is in flight.
    expect(pwaStub.updateCalls).toBe(0)
    expect(reload).not.toHaveBeenCalled()

    await answerBid()
    await waitFor(() => expect(pwaStub.updateCalls).toBe(1))
    pwaStub.options?.onNeedReload?.() // workbox `controlling`
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1))
  })

  it("another tab's update waits for this tab's bid, and says so even after Later", async () => {
    const { pwaStub, reload, startBid, waitsOnGuard } = await load()
    fireEvent.click(screen.getByRole('button', { name: 'Later' }))
    expect(screen.queryByText('A new version of Lotline is available.')).toBeNull()
    const answerBid = startBid()

    // The other tab sent SKIP_WAITING: the new worker controls this tab too.
    pwaStub.options?.onNeedReload?.()
    expect(await screen.findByText('Updating when your bid is answered…')).toBeTruthy()
    await waitFor(() => expect(waitsOnGuard).toHaveBeenCalled())
    expect(reload).not.toHaveBeenCalled()

    await answerBid()
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1))
  })

  it('says so in Spanish', async () => {
    localStorage.setItem('lotline.lang', 'es')
    const { pwaStub, startBid } = await load()
    startBid()
    pwaStub.options?.onNeedReload?.()
    expect(await screen.findByText('Se actualizará cuando tu puja tenga respuesta…')).toBeTruthy()
  })
})

describe('whenActivated', () => {
  /** A stand-in ServiceWorker: a state and its statechange events, as the browser gives them. */
  function worker(state: ServiceWorkerState) {
    const target = new EventTarget() as ServiceWorker & { state: ServiceWorkerState }
    Object.defineProperty(target, 'state', { value: state, writable: true })
    const become = (next: ServiceWorkerState) => {
      target.state = next
      target.dispatchEvent(new Event('statechange'))
    }
    return { target, become }
  }

  it('waits while the new worker is installed or activating, resolves once it is activated', async () => {
    const { whenActivated } = await import('./UpdatePrompt')
    const next = worker('installed')
    let resolved = false
    void whenActivated(next.target).then(() => (resolved = true))
    next.become('activating')
    // whenActivated reacts to statechange events only (no timers): once the microtasks the
    // 'activating' event queued have run, it has decided — and must still be waiting.
    for (let i = 0; i < 5; i++) await Promise.resolve()
    expect(resolved).toBe(false)
    next.become('activated')
    await waitFor(() => expect(resolved).toBe(true))
  })

  it('resolves at once with no waiting worker, or one already active or replaced', async () => {
    const { whenActivated } = await import('./UpdatePrompt')
    /** Settled within a few microtasks, with no statechange ever dispatched? */
    const settlesAtOnce = async (target: ServiceWorker | null) => {
      let settled = false
      void whenActivated(target).then(() => (settled = true))
      for (let i = 0; i < 5; i++) await Promise.resolve()
      return settled
    }
    expect(await settlesAtOnce(null)).toBe(true)
    expect(await settlesAtOnce(worker('activated').target)).toBe(true)
    expect(await settlesAtOnce(worker('redundant').target)).toBe(true)
    // The same check tells a worker that still has to activate apart.
    expect(await settlesAtOnce(worker('installed').target)).toBe(false)
    expect(await settlesAtOnce(worker('activating').target)).toBe(false)
  })
})
