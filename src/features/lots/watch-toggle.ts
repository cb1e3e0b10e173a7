import { useQueryClient } from '@tanstack/react-query'
import { useQueuedMutation } from '../../offline/use-queued-mutation'
import { lotKeys } from '../../api/lot-keys'
import { noteInterest } from '../../components/install-interest'
import { applyWatch, registerWatchMutations, WATCH_KEY, type WatchVars } from './watch-mutation'

export { applyWatch, registerWatchMutations, WATCH_KEY, type WatchVars } from './watch-mutation'

// A toggle made here may be queued offline: its definition is known from the moment a screen
// that can make one has loaded, not only after a restore (decision 0044).
registerWatchMutations()

/** `mutate({ lotId, watching })`; the idempotency key is added here, for every toggle. */
export function useWatchToggle() {
  const client = useQueryClient()
  return useQueuedMutation<WatchVars>({
    mutationKey: WATCH_KEY,
    onMutate: (vars) => {
      if (vars.watching) noteInterest()
      applyWatch(client, vars)
    },
    onError: (_error, vars) => applyWatch(client, { ...vars, watching: !vars.watching }),
    onSuccess: () => void client.invalidateQueries({ queryKey: lotKeys.watchlist() }),
  })
}
