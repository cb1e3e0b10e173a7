import { useState } from 'react'
import { useLocation } from 'wouter'
import { SHOW_LOTS_MAX, type ShowDetail } from '../../../common/shows'
import { useEditShow } from './api'
import { editsOf, valuesOfShow } from './create-show-form'
import { useShowForm } from './useShowForm'

/**
 * The edit form of `show`: starts from the show as it was when the form opened and sends only what
 * changed (the fields by PATCH, the queue whole by PUT). The start is checked only when changed;
 * the lots already run count against the show's limit; an empty queue is allowed (a live show may
 * run out of lots).
 */
export function useEditShowForm(show: ShowDetail) {
  const [, navigate] = useLocation()
  const edit = useEditShow(show.id)
  const [initial] = useState(() => valuesOfShow(show))
  const past = show.lots.filter((entry) => entry.state !== 'queued').length
  const done = () => navigate(`/shows/${show.id}/host`)
  return useShowForm({
    initial,
    checks: (values) => ({
      checkStart: show.state === 'scheduled' && values.startsAt !== initial.startsAt,
      requireLots: false,
      maxLots: SHOW_LOTS_MAX - past,
    }),
    send: (values, onError) => {
      const edits = editsOf(values, initial)
      if (!edits.change && !edits.lots) return done()
      edit.mutate(edits, { onSuccess: done, onError })
    },
    sending: edit.isPending,
  })
}
