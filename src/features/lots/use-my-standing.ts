import { useMemo } from 'react'
import type { MyLotStatus } from '../../../common/auction'
import { lotKeys, type LotItem } from '../../api/lot-keys'
import { useLotPages } from '../../api/lot-pages'

export interface MyStanding {
  /** Lots I watch, by id; undefined until known (a guest, or still loading). */
  watched: ReadonlySet<string> | undefined
  /** Where I stand on the lots I bid on that are still running. */
  standing: ReadonlyMap<string, MyLotStatus>
}

/**
 * What the list's cards say about me, from the lists a member already keeps (issue 32): the
 * watchlist and my running bids. The public, cacheable list stays free of per-member data; the
 * realtime bridge patches these lists too (src/features/lots/api/cache.ts), so "Outbid" turns up
 * live. Only their first pages are read: a member with more than a page of either sees a card
 * without its heart filled or chip until they open it.
 */
export function useMyStanding(signedIn: boolean): MyStanding {
  const watchlist = useLotPages<LotItem>(lotKeys.watchlist(), 'watchlist', signedIn)
  const bids = useLotPages<LotItem>(lotKeys.mineTab('active'), 'me/bids', signedIn, {
    tab: 'active',
  })
  // The same sets while the lists are the same: the cards re-render only when these change.
  const watched = useMemo(
    () =>
      watchlist.data
        ? new Set(watchlist.data.pages.flatMap((p) => p.items.map((lot) => lot.id)))
        : undefined,
    [watchlist.data],
  )
  const standing = useMemo(() => {
    const byLot = new Map<string, MyLotStatus>()
    for (const page of bids.data?.pages ?? [])
      for (const lot of page.items) if (lot.my?.status) byLot.set(lot.id, lot.my.status)
    return byLot
  }, [bids.data])
  return { watched: signedIn ? watched : undefined, standing }
}
