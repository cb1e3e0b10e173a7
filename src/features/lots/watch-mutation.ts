import type { QueryClient } from '@tanstack/react-query'
import type { LotDetail } from '../../../common/auction'
import { api } from '../../api/client'
import { registerMutationDefaults } from '../../offline/mutations'
import { queueHeaders } from '../../offline/queue-headers'
import type { Queued } from '../../offline/queued'
import { lotKeys, type LotPages } from '../../api/lot-keys'

/**
 * The queueable watch toggle's definition, apart from the hook (watch-toggle.ts): registered by
 * the hook's module when a screen that toggles loads, and by src/app/offline-mutations.ts before
 * a queued toggle is brought back from disk (decision 0044).
 */
export const WATCH_KEY = ['watchlist', 'set'] as const

export interface WatchVars {
  lotId: string
  watching: boolean
}

/** The optimistic part: the lot shows the new state at once, online or queued offline. */
export function applyWatch(client: QueryClient, { lotId, watching }: WatchVars): void {
  client.setQueryData<LotDetail>(lotKeys.detail(lotId), (lot) =>
    lot?.my ? { ...lot, my: { ...lot.my, watching } } : lot,
  )
  if (watching) {
    // Watched from a list card (issue 32): the watchlist, which fills the card's heart, has it at
    // once, taken from whichever list shows it; the refetch after the toggle confirms it.
    const known = client
      .getQueriesData<LotPages>({ queryKey: lotKeys.lists() })
      .flatMap(([, pages]) => pages?.pages.flatMap((p) => p.items) ?? [])
      .find((l) => l.id === lotId)
    client.setQueryData<LotPages>(lotKeys.watchlist(), (pages) => {
      const first = pages?.pages[0]
      if (!pages || !first || !known) return pages
      if (pages.pages.some((p) => p.items.some((l) => l.id === lotId))) return pages
      return {
        ...pages,
        pages: [{ ...first, items: [known, ...first.items] }, ...pages.pages.slice(1)],
      }
    })
  } else {
    client.setQueryData<LotPages>(lotKeys.watchlist(), (pages) =>
      pages
        ? {
            ...pages,
            pages: pages.pages.map((p) => ({ ...p, items: p.items.filter((l) => l.id !== lotId) })),
          }
        : pages,
    )
  }
}

/**
 * Queueable offline (docs/product.md §6). PUT/DELETE are idempotent, and each toggle carries its
 * own idempotency key, so a stale replay (a second tab's copy of an old "watch") cannot undo a
 * later "unwatch" (docs/decisions/0011).
 */
export function registerWatchMutations(): void {
  registerMutationDefaults(
    WATCH_KEY,
    {
      mutationFn: (vars: WatchVars & Queued) => {
        const path = `lots/${encodeURIComponent(vars.lotId)}/watch`
        const options = { headers: queueHeaders(vars) }
        return (vars.watching ? api.put(path, options) : api.delete(path, options)).json<{
          watching: boolean
        }>()
      },
    },
    applyWatch,
  )
}
