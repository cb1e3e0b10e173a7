import type { Mutation, QueryClient } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'
import { queryClient } from './query-client'
import { isQueueableMutation } from './mutations'

/**
 * Work that a page reload must not interrupt (docs/product.md §6 "no silent reload mid-bid";
 * docs/decisions/0012). A reload drops the answer to a request already sent: a bid the server may
 * have accepted while the page never hears of it, a card confirmation or 3-D Secure step left
 * half done. Applying an update waits until the guard is clear.
 *
 * - Every pending mutation that is not paused (bids, top-up creation, lot creation, a watch
 *   being sent...), and a bid or other network-only write paused while it waits to be resent
 *   (decision 0049). A paused queued write is in the offline queue, which is persisted and
 *   replayed after the reload, so it does not block it.
 * - Explicit holds (`holdReload()`), for work that is not a mutation: Stripe's confirm and
 *   next-action calls (src/payments/stripe.ts).
 *
 * Only our own update reload consults it: a reload by the person (or the browser) is never
 * blocked or questioned, and the persisted cache is written on `pagehide` then anyway.
 */

/** What is pending, for the words on screen. */
export type PendingWork = 'bid' | 'payment' | 'save'

/** A mutation says what it is with `meta: { pendingWork: 'bid' }`; anything else is a save. */
export const pendingWorkMeta = (work: PendingWork) => ({ pendingWork: work })

// The one shown when several are pending: money moving first, then bids, then the rest.
const ORDER: readonly PendingWork[] = ['payment', 'bid', 'save']

function workOf(mutation: Pick<Mutation, 'meta'>): PendingWork {
  const work = mutation.meta?.pendingWork
  return work === 'bid' || work === 'payment' ? work : 'save'
}

/**
 * A paused write of the offline queue is persisted and replayed after the reload, and one paused
 * before it was ever sent loses nothing. A write that is not queueable, was sent and is paused is
 * a resend waiting for the network after a lost answer (decision 0049): a reload would drop it
 * while nobody knows whether it was applied.
 */
function survivesReload(mutation: Pick<Mutation, 'state' | 'options'>): boolean {
  const { isPaused, failureCount } = mutation.state
  return isPaused && (failureCount === 0 || isQueueableMutation(mutation.options.mutationKey))
}

export interface ReloadGuard {
  /** The most telling pending work, or null when a reload would interrupt nothing. */
  current(): PendingWork | null
  subscribe(listener: () => void): () => void
  /** Blocks update reloads until the returned function is called (calling it twice is fine). */
  hold(work?: PendingWork): () => void
  /** Resolves once nothing is pending (at once if nothing is). Never times out, on purpose. */
  whenClear(): Promise<void>
}

export function createReloadGuard(client: QueryClient): ReloadGuard {
  const holds = new Map<symbol, PendingWork>()
  const listeners = new Set<() => void>()
  let unsubscribeCache: (() => void) | null = null
  const notify = () => {
    for (const listener of [...listeners]) listener()
  }

  const current = (): PendingWork | null => {
    const pending = new Set(holds.values())
    for (const mutation of client.getMutationCache().getAll()) {
      if (mutation.state.status === 'pending' && !survivesReload(mutation))
        pending.add(workOf(mutation))
    }
    return ORDER.find((work) => pending.has(work)) ?? null
  }

  const subscribe = (listener: () => void) => {
    listeners.add(listener)
    unsubscribeCache ??= client.getMutationCache().subscribe(notify)
    return () => {
      listeners.delete(listener)
      if (listeners.size === 0) {
        unsubscribeCache?.()
        unsubscribeCache = null
      }
    }
  }

  const hold = (work: PendingWork = 'payment') => {
    const token = Symbol(work)
    holds.set(token, work)
    notify()
    return () => {
      if (holds.delete(token)) notify()
    }
  }

  const whenClear = () =>
    new Promise<void>((resolve) => {
      if (current() === null) return resolve()
      const unsubscribe = subscribe(() => {
        if (current() !== null) return
        unsubscribe()
        resolve()
      })
    })

  return { current, subscribe, hold, whenClear }
}

/** The app's guard, over the app's QueryClient. */
export const reloadGuard = createReloadGuard(queryClient)

/** Takes a hold for work that is not a mutation; call the result when it is over. */
export function holdReload(work: PendingWork = 'payment'): () => void {
  return reloadGuard.hold(work)
}

/** What an update is waiting for right now (null when nothing), re-rendering as it changes. */
export function usePendingWork(guard: ReloadGuard = reloadGuard): PendingWork | null {
  return useSyncExternalStore(guard.subscribe, guard.current, guard.current)
}
