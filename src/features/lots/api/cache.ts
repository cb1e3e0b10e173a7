import type { QueryClient } from '@tanstack/react-query'
import type { BidRow, LotDetail, LotSummary, MyLotStatus } from '../../../../common/auction'
import { lotKeys, type LotPages } from './keys'

/** Newest first, deduplicated by bid id. */
export function mergeBids(existing: readonly BidRow[], incoming: readonly BidRow[]): BidRow[] {
  const byId = new Map<number, BidRow>()
  for (const row of existing) byId.set(row.id, row)
  for (const row of incoming) byId.set(row.id, row)
  return [...byId.values()].sort((a, b) => b.id - a.id)
}

/** Replaces a lot inside every cached list page when what we have is newer. */
export function patchLotInPages(pages: LotPages, lot: LotSummary): LotPages {
  let changed = false
  const next = pages.pages.map((page) => {
    const index = page.items.findIndex((item) => item.id === lot.id)
    const current = page.items[index]
    if (!current || current.version >= lot.version) return page
    changed = true
    const items = page.items.slice()
    items[index] = {
      ...current,
      ...pickSummary(lot),
      ...(current.my
        ? { my: { ...current.my, status: nextStatus(current.my.status, current.leader, lot) } }
        : {}),
    }
    return { ...page, items }
  })
  return changed ? { ...pages, pages: next } : pages
}

/**
 * The viewer's standing after a public change, without asking the server: a new leader while we
 * led means we were outbid; a close turns leading into won (reserve permitting), outbid into lost.
 */
export function nextStatus(
  status: MyLotStatus,
  previousLeader: string | null,
  lot: LotSummary,
): MyLotStatus {
  if (status === null) return null
  let next = status
  if (next === 'leading' && lot.leader !== previousLeader) next = 'outbid'
  const over = lot.status === 'settled' || lot.status === 'unsold'
  if (over && next === 'leading')
    next = lot.status === 'unsold' || lot.reserveMet === false ? 'lost' : 'won'
  if (over && next === 'outbid') next = 'lost'
  return next
}

/** Only the public summary fields (a detail carries more: description, my). */
export function pickSummary(lot: LotSummary): LotSummary {
  return {
    id: lot.id,
    title: lot.title,
    category: lot.category,
    status: lot.status,
    startingPrice: lot.startingPrice,
    currentPrice: lot.currentPrice,
    minNextBid: lot.minNextBid,
    bidCount: lot.bidCount,
    leader: lot.leader,
    seller: lot.seller,
    hasReserve: lot.hasReserve,
    reserveMet: lot.reserveMet,
    startsAt: lot.startsAt,
    endsAt: lot.endsAt,
    softCloseSeconds: lot.softCloseSeconds,
    delivery: lot.delivery,
    imageUrl: lot.imageUrl,
    pictures: lot.pictures,
    // A lot saved before issue 32 (or an older server's event) has neither.
    cancelledAt: lot.cancelledAt ?? null,
    cancelReason: lot.cancelReason ?? null,
    // A lot saved before issue 34 (or an older server's event) has none.
    showId: lot.showId ?? null,
    version: lot.version,
    serverTime: lot.serverTime,
  }
}

/** Applies a lot we already hold (our own bid's answer) to every cached list. */
export function patchLotEverywhere(client: QueryClient, lot: LotSummary): void {
  for (const query of client.getQueryCache().findAll({ queryKey: lotKeys.pages() })) {
    const data = query.state.data as LotPages | undefined
    if (!data) continue
    const next = patchLotInPages(data, lot)
    if (next !== data) client.setQueryData(query.queryKey, next)
  }
}

/**
 * A newer summary from one of our own requests (an image upload, a cancel): merged into the
 * cached detail, which keeps what only a detail carries, and into every list.
 */
export function applyLotSummary(client: QueryClient, lot: LotSummary): void {
  client.setQueryData<LotDetail>(lotKeys.detail(lot.id), (cached) =>
    cached && cached.version < lot.version ? { ...cached, ...lot } : cached,
  )
  patchLotEverywhere(client, lot)
}
