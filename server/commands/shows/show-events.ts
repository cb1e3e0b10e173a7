import type { ShowDetail, ShowSummary } from '../../../common/shows.ts'
import { EVENT_DATA_MAX_BYTES, EVENTS, SHOWS_CHANNEL, showChannel } from '../../../common/wire.ts'
import type { Queryable } from '../../db/types.ts'
import type { Publication } from '../../lib/publication.ts'
import { notFound } from '../../lib/problem.ts'
import { findShow } from '../../repositories/shows.ts'
import { showDetail } from '../../repositories/shows-view.ts'

/**
 * The show as it now stands, read inside the change's transaction, and its events collected for
 * after the commit: `show.updated` in its room always, `show.listed` to the lists when its state
 * changed (docs/realtime.md). Returns the show (with `my` null: the caller adds the viewer's).
 */
export async function announceShow(
  tx: Queryable,
  events: Publication,
  showId: string,
  options: { stateChanged: boolean; now: Date },
): Promise<ShowDetail> {
  const row = await findShow(tx, showId)
  if (!row) throw notFound('Show')
  const detail = await showDetail(tx, row, null, options.now)
  events.add(roomEvent(detail))
  if (options.stateChanged) {
    events.add({ channel: SHOWS_CHANNEL, name: EVENTS.showListed, data: summaryOf(detail) })
  }
  return detail
}

/**
 * The room's event: the whole show, or, when that is more than one event may carry (a long queue
 * of lots with their pictures), `show.changed` with its version, and the rooms fetch it.
 */
export function roomEvent(detail: ShowDetail) {
  const channel = showChannel(detail.id)
  // A margin for the event's envelope (channel, name) around its data.
  if (Buffer.byteLength(JSON.stringify(detail)) <= EVENT_DATA_MAX_BYTES - 512) {
    return { channel, name: EVENTS.showUpdated, data: detail }
  }
  return { channel, name: EVENTS.showChanged, data: { id: detail.id, version: detail.version } }
}

/** The list's fields of a show: what `show.listed` carries (a closed shape, nothing more). */
export function summaryOf(d: ShowDetail): ShowSummary {
  return {
    id: d.id,
    title: d.title,
    sellerId: d.sellerId,
    seller: d.seller,
    state: d.state,
    startsAt: d.startsAt,
    startedAt: d.startedAt,
    endedAt: d.endedAt,
    lotCount: d.lotCount,
    currentLot: d.currentLot,
    imageUrl: d.imageUrl,
  }
}
