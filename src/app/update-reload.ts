import type { QueryClient } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'
import { queryClient } from '../offline/query-client'
import { flushPersistedState } from '../offline/persist'
import { reloadGuard, type ReloadGuard } from '../offline/reload-guard'

/**
 * The reload that applies a new version (docs/product.md §6, docs/decisions/0012), in this order:
 * 1. wait — with no deadline — until the reload guard is clear: a bid or card payment in flight
 *    is answered first, however slow (a timeout would reintroduce the cut-off it prevents);
 * 2. write the persisted cache and offline queue now (the persister is throttled by a second,
 *    so a watch toggled just before would otherwise be lost);
 * 3. reload — unless something started during the write, which is then waited for too.
 *
 * Started by our Reload button and by vite-plugin-pwa's `onNeedReload`, which also fires in
 * every other open tab when one tab applies the update (SKIP_WAITING + clients.claim make the new
 * worker control them all), so a tab with a bid in flight elsewhere waits the same way.
 */
export interface UpdateReload {
  /** Starts the reload once; later calls join the first. */
  run(): Promise<void>
  /** True once a reload was asked for (the prompt then shows what it waits for). */
  started(): boolean
  subscribe(listener: () => void): () => void
}

export function createUpdateReload(deps: {
  guard: ReloadGuard
  client: QueryClient
  reload: () => void
}): UpdateReload {
  let running: Promise<void> | null = null
  const listeners = new Set<() => void>()

  const go = async () => {
    for (;;) {
      await deps.guard.whenClear()
      // One task later, so the settled write's own callbacks (the cache patch, the form's
      // reset) have run before the cache is written.
      await new Promise((resolve) => setTimeout(resolve, 0))
      if (deps.guard.current() !== null) continue
      try {
        await flushPersistedState(deps.client)
      } catch (error) {
        // IndexedDB refused: reload anyway; the throttled persister has written recently.
        console.warn('Could not write the cache before the update', error)
      }
      if (deps.guard.current() === null) break
    }
    deps.reload()
  }

  return {
    run() {
      if (!running) {
        running = go()
        for (const listener of [...listeners]) listener()
      }
      return running
    },
    started: () => running !== null,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

const updateReload = createUpdateReload({
  guard: reloadGuard,
  client: queryClient,
  reload: () => window.location.reload(),
})

export const reloadAfterFlush = (): Promise<void> => updateReload.run()

export function useUpdateReloadStarted(): boolean {
  return useSyncExternalStore(updateReload.subscribe, updateReload.started, updateReload.started)
}
