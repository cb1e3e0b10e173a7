import { useQuery } from '@tanstack/react-query'
import type { Receipt } from '../../../common/auction'
import { isEntryId } from '../../../common/wire'
import { api } from '../../api/client'

/** `GET /api/wallet/receipts/:entryId`: one purchase or sale of mine (decision 0023). */
export function useReceipt(entryId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['wallet', 'receipt', entryId],
    queryFn: ({ signal }) =>
      api.get(`wallet/receipts/${encodeURIComponent(entryId)}`, { signal }).json<Receipt>(),
    enabled: enabled && isEntryId(entryId),
    staleTime: Infinity,
  })
}
