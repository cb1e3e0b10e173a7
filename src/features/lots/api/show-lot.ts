import type { ShowDetail, ShowLotInput } from '../../../../common/shows'
import { SHOW_TIMER_DEFAULT_SECONDS } from '../../../../common/shows'
import { api } from '../../../api/client'

/**
 * A lot made from a show's edit screen joins the end of that show's queue (issue 34: a show's lots
 * are existing ones or new ones made from the show), on the default timer in standard mode; the
 * host changes either on the edit screen it returns to. The queue is the show's as the server has
 * it now, so nothing another tab changed is lost. Settles false when the show refused it (ended,
 * or the lot could not join): the lot is then in the edit screen's picker, to add by hand.
 */
export async function joinShowQueue(showId: string, lotId: string): Promise<boolean> {
  const path = `shows/${encodeURIComponent(showId)}`
  try {
    const show = await api.get(path).json<ShowDetail>()
    const queued: ShowLotInput[] = show.lots
      .filter((lot) => lot.state === 'queued')
      .map(({ lotId: id, timerSeconds, mode }) => ({ lotId: id, timerSeconds, mode }))
    const lots = [
      ...queued,
      { lotId, timerSeconds: SHOW_TIMER_DEFAULT_SECONDS, mode: 'standard' as const },
    ]
    await api.put(`${path}/lots`, { json: { lots } })
    return true
  } catch {
    return false
  }
}
