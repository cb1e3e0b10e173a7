/** The seller's tools of issue 32: end a lot early, block and unblock bidders. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { LotSummary } from '../../../../common/auction'
import type { BlockedBidder } from '../../../../common/blocks'
import { IDEMPOTENCY_HEADER } from '../../../../common/config'
import { api } from '../../../api/client'
import { AttemptKeys } from '../../../api/idempotency'
import { applyLotSummary } from './cache'

export function useEndLotEarly(id: string) {
  const client = useQueryClient()
  const [keys] = useState(() => new AttemptKeys())
  return useMutation({
    mutationKey: ['lots', 'end', id],
    networkMode: 'offlineFirst',
    mutationFn: () =>
      api
        .post(`lots/${encodeURIComponent(id)}/end`, {
          headers: { [IDEMPOTENCY_HEADER]: keys.keyFor(id) },
        })
        .json<LotSummary>(),
    onSuccess: (lot) => {
      keys.done()
      applyLotSummary(client, lot)
    },
  })
}

export const blockKeys = { mine: ['me', 'blocked-bidders'] as const }

interface Blocks {
  items: BlockedBidder[]
}

/** The seller's blocked bidders (`GET /api/me/blocked-bidders`). */
export function useBlockedBidders(enabled = true) {
  return useQuery({
    queryKey: blockKeys.mine,
    enabled,
    queryFn: ({ signal }) => api.get('me/blocked-bidders', { signal }).json<Blocks>(),
  })
}

/** Blocks (or unblocks) a bidder by alias; the answer is the whole list, put in the cache. */
export function useSetBlocked() {
  const client = useQueryClient()
  return useMutation({
    mutationKey: ['me', 'blocked-bidders', 'set'],
    mutationFn: ({ alias, blocked }: { alias: string; blocked: boolean }) => {
      const path = `me/blocked-bidders/${encodeURIComponent(alias)}`
      return (blocked ? api.put(path) : api.delete(path)).json<Blocks>()
    },
    onSuccess: (blocks) => client.setQueryData(blockKeys.mine, blocks),
  })
}
