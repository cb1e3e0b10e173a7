import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { holdsKey, ledgerKey } from './api'

/**
 * A `wallet.updated` patch says the ledger or the holds changed too, but does not carry them:
 * when the version moves while this screen shows them, refetch those two lists once.
 */
export function useListsFollowVersion(version: number | undefined) {
  const client = useQueryClient()
  const seen = useRef(version)
  useEffect(() => {
    if (version === undefined) return
    if (seen.current !== undefined && version > seen.current) {
      void client.invalidateQueries({ queryKey: ledgerKey, exact: true })
      void client.invalidateQueries({ queryKey: holdsKey, exact: true })
    }
    seen.current = version
  }, [client, version])
}
