import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { LotDetail } from '../../../common/auction'
import { api } from '../../api/client'
import { registerMutationDefaults } from '../../offline/mutations'
import { queueHeaders, useQueuedMutation, type Queued } from '../../offline/queued'
import { lotKeys, type LotItem, type LotPages } from '../../api/lot-keys'
import { useLotPages } from '../../api/lot-pages'

export const WATCH_KEY = ['watchlist', 'set'] as const

export interface WatchVars {
  lotId: string
  watching: boolean
}

/** `GET /api/watchlist`: the lots I watch, newest first. */
export function useWatchlist(enabled = true) {
  return useLotPages<LotItem>(lotKeys.watchlist(), 'watchlist', enabled)
}

/** The optimistic part: the lot shows the new state at once, online or queued offline. */
export function applyWatch(client: QueryClient, { lotId, watching }: WatchVars): void {
  client.setQueryData<LotDetail>(lotKeys.detail(lotId), (lot) =>
    lot?.my ? { ...lot, my: { ...lot.my, watching } } : lot,
  )
  if (!watching) {
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
 * later "unwatch" (docs/decisions/0011). Registered from src/app/offline-mutations.ts before the
 * persisted cache is restored.
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

/** `mutate({ lotId, watching })`; the idempotency key is added here, for every toggle. */
export function useWatchToggle() {
  const client = useQueryClient()
  return useQueuedMutation<WatchVars>({
    mutationKey: WATCH_KEY,
    onMutate: (vars) => applyWatch(client, vars),
    onError: (_error, vars) => applyWatch(client, { ...vars, watching: !vars.watching }),
    onSuccess: () => void client.invalidateQueries({ queryKey: lotKeys.watchlist() }),
  })
}
