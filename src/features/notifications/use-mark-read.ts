import type { QueryClient } from '@tanstack/react-query'
import { useQueuedMutation } from '../../offline/use-queued-mutation'
import { MARK_READ_KEY, markReadInCache, type MarkReadVars } from './mark-read'

/** `mutate({ ids })`; the idempotency key is added here, for every call. */
export function useMarkRead(client: QueryClient) {
  return useQueuedMutation<MarkReadVars>({
    mutationKey: MARK_READ_KEY,
    onMutate: (vars) => markReadInCache(client, vars.ids),
  })
}
