import type { QueryClient } from '@tanstack/react-query'
import { useQueuedMutation } from '../../offline/use-queued-mutation'
import {
  MARK_READ_KEY,
  markReadInCache,
  registerNotificationMutations,
  type MarkReadVars,
} from './mark-read'

// A mark-read made here may be queued offline: its definition is known from the moment the
// screen has loaded, not only after a restore (decision 0044).
registerNotificationMutations()

/** `mutate({ ids })`; the idempotency key is added here, for every call. */
export function useMarkRead(client: QueryClient) {
  return useQueuedMutation<MarkReadVars>({
    mutationKey: MARK_READ_KEY,
    onMutate: (vars) => markReadInCache(client, vars.ids),
  })
}
