import { useLocation } from 'wouter'
import { SHOW_LOTS_MAX } from '../../../common/shows'
import { useCreateShow } from './api'
import { INITIAL_SHOW_VALUES, toCreateInput } from './create-show-form'
import { useShowForm } from './useShowForm'

/** The create-show form: every field checked, at least one lot; the host console follows. */
export function useCreateShowForm() {
  const [, navigate] = useLocation()
  const create = useCreateShow()
  return useShowForm({
    initial: INITIAL_SHOW_VALUES,
    checks: () => ({ checkStart: true, requireLots: true, maxLots: SHOW_LOTS_MAX }),
    send: (values, onError) =>
      create.mutate(toCreateInput(values), {
        onSuccess: (show) => navigate(`/shows/${show.id}/host`),
        onError,
      }),
    sending: create.isPending,
  })
}
