import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { LotDetail } from '../../../../common/auction'
import { IDEMPOTENCY_HEADER } from '../../../../common/config'
import { api } from '../../../api/client'
import { AttemptKeys } from '../../../api/idempotency'
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
 * lands, so an edit sent later could be refused). One Idempotency-Key per attempt: an edit whose
 * answer was lost is sent again under it and applied once (decision 0049). The answer is the
 * whole detail, put in the cache as it is; other rooms hear `lot.edited` and refetch.
 */
export function useEditLot(id: string) {
  const client = useQueryClient()
  const [keys] = useState(() => new AttemptKeys())
  return useMutation({
    mutationKey: ['lots', 'edit', id],
    networkMode: 'offlineFirst',
    mutationFn: (change: LotEdit) =>
      api
        .patch(`lots/${encodeURIComponent(id)}`, {
          json: change,
          headers: { [IDEMPOTENCY_HEADER]: keys.keyFor(change) },
        })
        .json<LotDetail>(),
    onSuccess: (lot) => {
      keys.done()
      client.setQueryData(lotKeys.detail(lot.id), lot)
      patchLotEverywhere(client, lot)
    },
  })
}
