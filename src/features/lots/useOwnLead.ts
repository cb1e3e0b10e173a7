import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import type { LotDetail } from '../../../common/auction'
import { lotKeys } from './api'

/**
 * The same member bid from another window or device: the public `bid.placed` says the leader is
 * now my alias, but my status and maximum are private and not in it, so this room would go on
 * saying "place a bid" to the leader. Refetch the room once per such change. Only the member's
 * own other windows ever see it, so it cannot become a refetch storm.
 */
export function useOwnLeadFollows(lot: LotDetail | undefined, alias: string | null): void {
  const client = useQueryClient()
  const asked = useRef<string | null>(null)
  const behind = Boolean(
    lot &&
    alias &&
    lot.my &&
    lot.status === 'open' &&
    lot.leader === alias &&
    lot.my.status !== 'leading',
  )
  const id = lot?.id
  const version = lot ? `${lot.id}:${lot.version}` : null
  useEffect(() => {
    if (!behind || !id || asked.current === version) return
    asked.current = version
    void client.invalidateQueries({ queryKey: lotKeys.detail(id), exact: true })
  }, [client, behind, id, version])
}
