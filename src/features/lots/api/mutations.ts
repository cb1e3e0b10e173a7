import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { LotDetail, LotInput, LotSummary } from '../../../../common/auction'
import type { BidResponse } from '../../../../common/wire'
import { IDEMPOTENCY_HEADER } from '../../../../common/config'
import { api } from '../../../api/client'
import { isApiError } from '../../../api/errors'
import { AttemptKeys } from '../../../api/idempotency'
import { noteInterest } from '../../../components/install-interest'
import { pendingWorkMeta } from '../../../offline/reload-guard'
import { noteServerTime } from '../clock'
import { applyLotSummary, mergeBids, patchLotEverywhere } from './cache'
import { lotKeys, type BidHistory } from './keys'

// ── Bids ───────────────────────────────────────────────────────────────────────────────────────

export interface BidInputVars {
  /** Absent: the lot's minimum, decided by the server (a maximum alone, docs/product.md). */
  amount?: number
  maxAmount?: number
  /** One key per attempt, kept across retries of the same attempt. */
  idempotencyKey: string
}

export type { BidResponse }

export function usePlaceBid(id: string) {
  const client = useQueryClient()
  return useMutation({
    mutationKey: ['lots', 'bid', id],
    // Never queued: a bid the browser cannot send (offline) fails at once (docs/product.md §6);
    // one whose answer was lost is resent under its key, waiting for the network (decision 0049).
    networkMode: 'offlineFirst',
    // An update reload waits for its answer, and says so (src/offline/reload-guard.ts).
    meta: pendingWorkMeta('bid'),
    mutationFn: (vars: BidInputVars) =>
      api
        .post(`lots/${encodeURIComponent(id)}/bids`, {
          json: {
            ...(vars.amount !== undefined ? { amount: vars.amount } : {}),
            ...(vars.maxAmount ? { maxAmount: vars.maxAmount } : {}),
          },
          headers: { [IDEMPOTENCY_HEADER]: vars.idempotencyKey },
        })
        .json<BidResponse>(),
    onSuccess: (body) => {
      noteInterest()
      applyOwnBid(client, id, body)
    },
  })
}

/** Our own bid's events skip our socket: its answer patches the cache instead (no refetch). */
export function applyOwnBid(client: QueryClient, id: string, body: BidResponse): void {
  noteServerTime(body.lot.serverTime)
  const cached = client.getQueryData<LotDetail>(lotKeys.detail(id))
  if (!cached || cached.version < body.lot.version)
    client.setQueryData(lotKeys.detail(id), body.lot)
  // The public event of this very version can arrive first (before the socket had an id to be
  // left out by): it carries no `my`, so the answer still brings my standing at that version.
  else if (cached.version === body.lot.version && body.lot.my)
    client.setQueryData(lotKeys.detail(id), { ...cached, my: body.lot.my })
  addOwnBidsToHistory(client, id, body)
  patchLotEverywhere(client, body.lot)
}

/**
 * My bids join the history only when they are the next version after the one it is complete at.
 * After bids this device has not heard of, adding mine would make it the newest cached bid, and
 * the gap fill, which asks for the bids after the newest cached one, would skip the missed ones
 * for good (docs/decisions/0043-history-version.md): the history is refetched instead.
 */
function addOwnBidsToHistory(client: QueryClient, id: string, body: BidResponse): void {
  const history = client.getQueryData<BidHistory>(lotKeys.bids(id))
  if (!history) return
  const complete = history.version
  if (complete !== undefined && complete + 1 < body.lot.version) {
    void client.invalidateQueries({ queryKey: lotKeys.bids(id), exact: true })
    return
  }
  client.setQueryData<BidHistory>(lotKeys.bids(id), {
    items: mergeBids(history.items, body.bids),
    version:
      complete !== undefined && complete + 1 === body.lot.version ? body.lot.version : complete,
  })
}

// ── Create, cancel ────────────────────────────────────────────────────────────────────────────

/** Create and cancel send an Idempotency-Key per attempt: a retry never makes a second lot. */
export function useCreateLot() {
  const client = useQueryClient()
  const [keys] = useState(() => new AttemptKeys())
  return useMutation({
    mutationKey: ['lots', 'create'],
    // A lost answer is resent under the same key once the network allows (decision 0049).
    networkMode: 'offlineFirst',
    mutationFn: (input: LotInput) =>
      api
        .post('lots', { json: input, headers: { [IDEMPOTENCY_HEADER]: keys.keyFor(input) } })
        .json<LotDetail>(),
    onSuccess: (lot) => {
      keys.done()
      client.setQueryData(lotKeys.detail(lot.id), lot)
      void client.invalidateQueries({ queryKey: lotKeys.lists() })
    },
  })
}

// ── Pictures (decision 0024) ────────────────────────────────────────────────────────────────────

const picturesPath = (id: string) => `lots/${encodeURIComponent(id)}/pictures`

/** A picture refused as `pictures_busy` is sent again this many times before the error shows. */
export const PICTURE_BUSY_RETRIES = 3

/**
 * How long to wait before sending a picture again: the server's Retry-After (at most 30 s) when it
 * answered 503 `pictures_busy` — nothing was stored, so sending it again is safe (decision 0047) —
 * and undefined for any other error, which is shown at once.
 */
export function pictureBusyDelayMs(error: unknown): number | undefined {
  if (!isApiError(error) || error.code !== 'pictures_busy') return undefined
  const seconds = Number(error.response.headers.get('retry-after'))
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 30) * 1000 : 5_000
}

/**
 * Adds a picture to a lot (the raw file as the body, added last); the caches take the new version.
 * A server busy with other pictures is waited for, as long as it asks, a few times.
 */
export function useAddLotPicture() {
  const client = useQueryClient()
  return useMutation({
    mutationKey: ['lots', 'pictures', 'add'],
    networkMode: 'always',
    retry: (failures, error) =>
      failures < PICTURE_BUSY_RETRIES && pictureBusyDelayMs(error) !== undefined,
    retryDelay: (_failures, error) => pictureBusyDelayMs(error) ?? 0,
    mutationFn: ({ id, file }: { id: string; file: File }) =>
      api
        .post(picturesPath(id), { body: file, headers: { 'content-type': file.type } })
        .json<LotSummary>(),
    onSuccess: (lot) => applyLotSummary(client, lot),
  })
}

/** Removes one picture of a lot (and its file). */
export function useRemoveLotPicture() {
  const client = useQueryClient()
  return useMutation({
    mutationKey: ['lots', 'pictures', 'remove'],
    networkMode: 'always',
    mutationFn: ({ id, pictureId }: { id: string; pictureId: string }) =>
      api.delete(`${picturesPath(id)}/${encodeURIComponent(pictureId)}`).json<LotSummary>(),
    onSuccess: (lot) => applyLotSummary(client, lot),
  })
}

/** Puts a lot's pictures in a new order (every id once, the cover first). */
export function useReorderLotPictures() {
  const client = useQueryClient()
  return useMutation({
    mutationKey: ['lots', 'pictures', 'order'],
    networkMode: 'always',
    mutationFn: ({ id, pictureIds }: { id: string; pictureIds: string[] }) =>
      api.put(`${picturesPath(id)}/order`, { json: { pictureIds } }).json<LotSummary>(),
    onSuccess: (lot) => applyLotSummary(client, lot),
  })
}

export function useCancelLot(id: string) {
  const client = useQueryClient()
  const [keys] = useState(() => new AttemptKeys())
  return useMutation({
    mutationKey: ['lots', 'cancel', id],
    networkMode: 'offlineFirst',
    mutationFn: () =>
      api
        .post(`lots/${encodeURIComponent(id)}/cancel`, {
          headers: { [IDEMPOTENCY_HEADER]: keys.keyFor(id) },
        })
        .json<LotSummary>(),
    onSuccess: (lot) => {
      keys.done()
      applyLotSummary(client, lot)
    },
  })
}
