import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query'
import type {
  BidRow,
  LotDetail,
  LotFilter,
  LotInput,
  LotSummary,
  MyLotStatus,
} from '../../../common/auction'
import { IDEMPOTENCY_HEADER } from '../../../common/config'
import type { Wallet } from '../../../common/wallet'
import { api } from '../../api/client'
import { pendingWorkMeta } from '../../offline/reload-guard'
import { noteServerTime } from './clock'

export interface Page<T> {
  items: T[]
  nextCursor: string | null
}
/** A list item; my bids carry the viewer's standing too. */
export type LotItem = LotSummary & { my?: { status: MyLotStatus; maxBid: number | null } }
export type LotPages = InfiniteData<Page<LotItem>, unknown>

/** Bid history as cached: newest first; `version` = the lot version it is known complete at. */
export interface BidHistory {
  items: BidRow[]
  version?: number
}

export interface ListParams {
  status: LotFilter
  q: string
}

export const lotKeys = {
  all: ['lots'] as const,
  /** Every paged list of lots (the list, the watchlist, my bids): live events patch them all. */
  pages: () => ['lots', 'pages'] as const,
  lists: () => ['lots', 'pages', 'all'] as const,
  list: (params: ListParams) => ['lots', 'pages', 'all', params] as const,
  watchlist: () => ['lots', 'pages', 'watchlist'] as const,
  mine: () => ['lots', 'pages', 'mine'] as const,
  detail: (id: string) => ['lots', 'detail', id] as const,
  bids: (id: string) => ['lots', 'bids', id] as const,
}

export function lotListQuery(params: ListParams) {
  return infiniteQueryOptions({
    queryKey: lotKeys.list(params),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }) => {
      const searchParams = new URLSearchParams({ status: params.status })
      if (params.q) searchParams.set('q', params.q)
      if (pageParam) searchParams.set('cursor', pageParam)
      const page = await api.get('lots', { searchParams, signal }).json<Page<LotSummary>>()
      noteServerTime(page.items[0]?.serverTime)
      return page
    },
    getNextPageParam: (last) => last.nextCursor,
  })
}

export function useLotList(params: ListParams) {
  return useInfiniteQuery(lotListQuery(params))
}

export function lotQuery(id: string) {
  return queryOptions({
    queryKey: lotKeys.detail(id),
    queryFn: async ({ signal }) => {
      const lot = await api.get(`lots/${encodeURIComponent(id)}`, { signal }).json<LotDetail>()
      noteServerTime(lot.serverTime)
      return lot
    },
  })
}

export function useLot(id: string) {
  return useQuery(lotQuery(id))
}

/** Newest first, deduplicated by bid id. */
export function mergeBids(existing: readonly BidRow[], incoming: readonly BidRow[]): BidRow[] {
  const byId = new Map<number, BidRow>()
  for (const row of existing) byId.set(row.id, row)
  for (const row of incoming) byId.set(row.id, row)
  return [...byId.values()].sort((a, b) => b.id - a.id)
}

/**
 * History: the latest page first; afterwards (a gap, a re-subscription, a reconnect) only what is
 * missing, by cursor: `GET /lots/:id/bids?after={newest cached id}` until there is no next cursor.
 */
export async function fetchBidHistory(
  client: QueryClient,
  id: string,
  signal?: AbortSignal,
): Promise<BidHistory> {
  const cached = client.getQueryData<BidHistory>(lotKeys.bids(id))
  // The lot version cached before asking: the answer is at least that complete (conservative —
  // a later event that looks like a jump from it only costs one more `after` fetch).
  const version = client.getQueryData<LotDetail>(lotKeys.detail(id))?.version
  const path = `lots/${encodeURIComponent(id)}/bids`
  if (!cached || cached.items.length === 0) {
    const page = await api.get(path, { signal }).json<Page<BidRow>>()
    return { items: mergeBids([], page.items), version }
  }
  let items = cached.items
  let after: string | null = String(items[0]!.id)
  while (after) {
    const page: Page<BidRow> = await api
      .get(path, { searchParams: { after }, signal })
      .json<Page<BidRow>>()
    items = mergeBids(items, page.items)
    after = page.nextCursor
  }
  return { items, version }
}

export function useBidHistory(id: string) {
  const client = useQueryClient()
  return useQuery({
    queryKey: lotKeys.bids(id),
    queryFn: ({ signal }) => fetchBidHistory(client, id, signal),
  })
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
  const over = lot.status === 'closed' || lot.status === 'settled' || lot.status === 'unsold'
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
    imageUrl: lot.imageUrl,
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

// ── Bids ───────────────────────────────────────────────────────────────────────────────────────

export interface BidInputVars {
  amount: number
  maxAmount?: number
  /** One key per attempt, kept across retries of the same attempt. */
  idempotencyKey: string
}

export interface BidResponse {
  bids: BidRow[]
  lot: LotDetail
  wallet: Wallet
}

export function usePlaceBid(id: string) {
  const client = useQueryClient()
  return useMutation({
    mutationKey: ['lots', 'bid', id],
    // Never queued: fail at once when offline (DESIGN §6).
    networkMode: 'always',
    // An update reload waits for its answer, and says so (src/offline/reload-guard.ts).
    meta: pendingWorkMeta('bid'),
    mutationFn: (vars: BidInputVars) =>
      api
        .post(`lots/${encodeURIComponent(id)}/bids`, {
          json: { amount: vars.amount, ...(vars.maxAmount ? { maxAmount: vars.maxAmount } : {}) },
          headers: { [IDEMPOTENCY_HEADER]: vars.idempotencyKey },
        })
        .json<BidResponse>(),
    onSuccess: (body) => applyOwnBid(client, id, body),
  })
}

/** Our own bid's events skip our socket: its answer patches the cache instead (no refetch). */
export function applyOwnBid(client: QueryClient, id: string, body: BidResponse): void {
  noteServerTime(body.lot.serverTime)
  const cached = client.getQueryData<LotDetail>(lotKeys.detail(id))
  if (!cached || cached.version < body.lot.version)
    client.setQueryData(lotKeys.detail(id), body.lot)
  client.setQueryData<BidHistory>(lotKeys.bids(id), (history) => {
    if (!history) return history
    const consecutive = history.version !== undefined && history.version + 1 === body.lot.version
    return {
      items: mergeBids(history.items, body.bids),
      version: consecutive ? body.lot.version : history.version,
    }
  })
  patchLotEverywhere(client, body.lot)
}

// ── Create, cancel ────────────────────────────────────────────────────────────────────────────

export function useCreateLot() {
  const client = useQueryClient()
  return useMutation({
    mutationKey: ['lots', 'create'],
    networkMode: 'always',
    mutationFn: (input: LotInput) => api.post('lots', { json: input }).json<LotDetail>(),
    onSuccess: (lot) => {
      client.setQueryData(lotKeys.detail(lot.id), lot)
      void client.invalidateQueries({ queryKey: lotKeys.lists() })
    },
  })
}

/** Sets a lot's picture (the raw file as the body); the lot's caches take the new version. */
export function useUploadLotImage() {
  const client = useQueryClient()
  return useMutation({
    mutationKey: ['lots', 'image'],
    networkMode: 'always',
    mutationFn: ({ id, file }: { id: string; file: File }) =>
      api
        .put(`lots/${encodeURIComponent(id)}/image`, {
          body: file,
          headers: { 'content-type': file.type },
        })
        .json<LotSummary>(),
    onSuccess: (lot) => {
      client.setQueryData<LotDetail>(lotKeys.detail(lot.id), (cached) =>
        cached && cached.version < lot.version ? { ...cached, ...lot } : cached,
      )
      patchLotEverywhere(client, lot)
    },
  })
}

export function useCancelLot(id: string) {
  const client = useQueryClient()
  return useMutation({
    mutationKey: ['lots', 'cancel', id],
    networkMode: 'always',
    mutationFn: () => api.post(`lots/${encodeURIComponent(id)}/cancel`).json<LotSummary>(),
    onSuccess: (lot) => {
      client.setQueryData<LotDetail>(lotKeys.detail(id), (cached) =>
        cached && cached.version < lot.version ? { ...cached, ...lot } : cached,
      )
      patchLotEverywhere(client, lot)
    },
  })
}
