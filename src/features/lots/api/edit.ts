import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { LotDetail } from '../../../../common/auction'
import { api } from '../../../api/client'
import { patchLotEverywhere } from './cache'
import { lotKeys } from './keys'

/** What the seller may change before the first bid (`PATCH /api/lots/:id`, decision 0025). */
export interface LotEdit {
  title?: string
  description?: string
  nextSteps?: string
}

/**
 * The seller's edit of their lot. Network only (never queued: the server refuses it once a bid
 * lands, so an edit sent later could be refused). The answer is the whole detail, put in the cache
 * as it is; other rooms hear `lot.edited` and refetch.
 */
export function useEditLot(id: string) {
  const client = useQueryClient()
  return useMutation({
    mutationKey: ['lots', 'edit', id],
    networkMode: 'always',
    mutationFn: (change: LotEdit) =>
      api.patch(`lots/${encodeURIComponent(id)}`, { json: change }).json<LotDetail>(),
    onSuccess: (lot) => {
      client.setQueryData(lotKeys.detail(lot.id), lot)
      patchLotEverywhere(client, lot)
    },
  })
}
