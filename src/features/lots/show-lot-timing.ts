import type { LotInput } from '../../../common/auction'

/** The show a lot is made for, from its edit screen (`/lots/new?show=:id`). */
export interface ForShow {
  id: string
  title: string
  startsAt: string
}

const HOUR_MS = 3_600_000
/** Inside the 30 days a lot may be scheduled ahead (common/auction/lot-input.ts). */
const AHEAD_MAX_MS = 29 * 24 * HOUR_MS

/**
 * A show lot's own start and end are stand-ins (decision 0061): it waits in the queue, scheduled,
 * and opens for its timer when the host reaches it. Made for a show, it is scheduled at the show's
 * start, and at least an hour ahead, so the plain scheduler never opens it in the moment before
 * it joins the queue; it ends an hour after, as any stand-in would.
 */
export function showLotTiming(request: LotInput, show: ForShow, now: number): LotInput {
  const showStart = Date.parse(show.startsAt)
  const wanted = Number.isNaN(showStart) ? now + HOUR_MS : Math.max(showStart, now + HOUR_MS)
  const start = Math.min(wanted, now + AHEAD_MAX_MS)
  return {
    ...request,
    startsAt: new Date(start).toISOString(),
    endsAt: new Date(start + HOUR_MS).toISOString(),
  }
}
