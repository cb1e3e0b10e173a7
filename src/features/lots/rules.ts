import type { LotDetail, LotSummary, MyLot } from '../../../common/auction'
import { CHANNEL_PATTERNS, EVENTS, type BidPlacedEvent } from '../../../common/wire'
import type { BridgeRule } from '../../realtime/bridge'
import {
  lotKeys,
  mergeBids,
  nextStatus,
  patchLotInPages,
  pickSummary,
  type BidHistory,
  type LotPages,
} from './api'

export type { BidPlacedEvent }

const LOT_CHANNEL = CHANNEL_PATTERNS.lot
const LOTS_CHANNEL = CHANNEL_PATTERNS.lots

// Each rule refetches only its own query on a gap (two rules naming the same key would fetch it
// twice); together the room's rules cover the detail and the history after a re-subscription.
const detailGap = (params: Record<string, string>) => [lotKeys.detail(params.id ?? '')]
const historyGap = (params: Record<string, string>) => [lotKeys.bids(params.id ?? '')]

function nextMy(cached: LotDetail, lot: LotSummary): MyLot | null {
  const my = cached.my
  return my ? { ...my, status: nextStatus(my.status, cached.leader, lot) } : my
}

export function mergeLotIntoDetail(cached: LotDetail, lot: LotSummary): LotDetail {
  return { ...cached, ...pickSummary(lot), my: nextMy(cached, lot) }
}

const detailFromBid: BridgeRule<BidPlacedEvent, LotDetail> = {
  channel: LOT_CHANNEL,
  event: EVENTS.bidPlaced,
  queryKey: (_data, params) => lotKeys.detail(params.id ?? ''),
  eventVersion: (data) => data.lot.version,
  merge: (cached, data) => mergeLotIntoDetail(cached, data.lot),
  gapKeys: detailGap,
}

const historyFromBid: BridgeRule<BidPlacedEvent, BidHistory> = {
  channel: LOT_CHANNEL,
  event: EVENTS.bidPlaced,
  queryKey: (_data, params) => lotKeys.bids(params.id ?? ''),
  eventVersion: (data) => data.lot.version,
  merge: (cached, data) => ({
    items: mergeBids(cached.items, data.bids),
    version: data.lot.version,
  }),
  gapKeys: historyGap,
}

const listsFromBid: BridgeRule<BidPlacedEvent, LotPages> = {
  channel: LOT_CHANNEL,
  event: EVENTS.bidPlaced,
  queryKey: () => lotKeys.pages(),
  prefix: true,
  // Lists take any newer summary as is (it is the whole public state): no gap to fill.
  eventVersion: () => undefined,
  merge: (cached, data) => patchLotInPages(cached, data.lot),
}

const detailFromUpdate: BridgeRule<LotSummary, LotDetail> = {
  channel: LOT_CHANNEL,
  event: EVENTS.lotUpdated,
  queryKey: (_data, params) => lotKeys.detail(params.id ?? ''),
  merge: mergeLotIntoDetail,
}

/** The seller edited the text (decision 0025): the room refetches the detail, description too. */
const detailFromEdit: BridgeRule<LotSummary, LotDetail> = {
  channel: LOT_CHANNEL,
  event: EVENTS.lotEdited,
  queryKey: (_data, params) => lotKeys.detail(params.id ?? ''),
  invalidate: true,
}

/** A non-bid change (opened, closed, cancelled) moves the version the history is complete at. */
const historyFromUpdate: BridgeRule<LotSummary, BidHistory> = {
  channel: LOT_CHANNEL,
  event: EVENTS.lotUpdated,
  queryKey: (_data, params) => lotKeys.bids(params.id ?? ''),
  merge: (cached, data) => ({ ...cached, version: data.version }),
}

const listsFromUpdate = (channel: RegExp): BridgeRule<LotSummary, LotPages> => ({
  channel,
  event: EVENTS.lotUpdated,
  queryKey: () => lotKeys.pages(),
  prefix: true,
  eventVersion: () => undefined,
  merge: (cached, data) => patchLotInPages(cached, data),
})

/** Re-subscribed to `lots` after a drop: the lists may have missed anything. */
const listsGap: BridgeRule<LotSummary, LotPages> = {
  ...listsFromUpdate(LOTS_CHANNEL),
  gapKeys: () => [lotKeys.pages()],
}

const listsFromCreate: BridgeRule<LotSummary, LotPages> = {
  channel: LOTS_CHANNEL,
  event: EVENTS.lotCreated,
  queryKey: () => lotKeys.lists(),
  prefix: true,
  invalidate: true,
}

export const lotRules = [
  detailFromBid,
  historyFromBid,
  listsFromBid,
  detailFromUpdate,
  detailFromEdit,
  historyFromUpdate,
  listsFromUpdate(LOT_CHANNEL),
  listsGap,
  listsFromCreate,
]
