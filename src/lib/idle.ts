/**
 * Scheduling what a first visit does not need yet (docs/decisions/0030-first-visit.md): a slow
 * phone spends its first seconds on the first screen, and the rest follows when it is idle.
 */
/** Runs `work` when the main thread is idle (after a second where there is no requestIdleCallback, as in Safari). */
export function onIdle(work: () => void, timeout = 3000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(work, { timeout })
    return () => cancelIdleCallback(id)
  }
  const id = setTimeout(work, 1000)
  return () => clearTimeout(id)
}

/** Runs `work` once the page has loaded and the main thread is idle. */
export function afterLoadAndIdle(work: () => void): () => void {
  if (document.readyState === 'complete') return onIdle(work)
  let cancel = () => removeEventListener('load', idle)
  function idle() {
    cancel = onIdle(work)
  }
  addEventListener('load', idle, { once: true })
  return () => cancel()
}

interface YieldingScheduler {
  yield?: () => Promise<void>
}

/**
 * A new task for what follows, so a tap or a frame can come first: a slow phone's long task cut in
 * two. `scheduler.yield()` where the browser has it (the rest keeps its place ahead of other
 * work), else a message to ourselves (a task, without a timer's clamping).
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: YieldingScheduler }).scheduler
  if (typeof scheduler?.yield === 'function') return scheduler.yield()
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => {
      channel.port1.close()
      resolve()
    }
    channel.port2.postMessage(null)
  })
}
