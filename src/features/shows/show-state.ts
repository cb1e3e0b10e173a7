import type { HostSituation, ShowDetail, ShowLot } from '../../../common/shows'

/** Lots in the order the host set. */
export const inOrder = (show: ShowDetail): ShowLot[] =>
  [...show.lots].sort((a, b) => a.position - b.position)

/** The lot on the block, or null between lots. */
export const runningLot = (show: ShowDetail): ShowLot | null =>
  show.lots.find((entry) => entry.state === 'running') ?? null

/** The queue's head: what "Open next lot" and "Skip" mean. */
export const nextLot = (show: ShowDetail): ShowLot | null =>
  inOrder(show).find((entry) => entry.state === 'queued') ?? null

export const queuedLots = (show: ShowDetail): ShowLot[] =>
  inOrder(show).filter((entry) => entry.state === 'queued')

/** Results so far, the latest first. */
export const pastLots = (show: ShowDetail): ShowLot[] =>
  inOrder(show)
    .filter((entry) => entry.state === 'done' || entry.state === 'skipped')
    .reverse()

/** What `hostMove` (common/shows.ts) needs to know about this show: the server decides the same. */
export function hostSituation(show: ShowDetail): HostSituation {
  return {
    state: show.state,
    running: runningLot(show) !== null,
    nextLotId: nextLot(show)?.lotId ?? null,
    past: new Set(show.lots.filter((entry) => entry.state !== 'queued').map((e) => e.lotId)),
  }
}

/**
 * Whether its host may edit the show now: until it ends (PATCH and PUT answer 409 `show_ended`
 * after). Its start is fixed once it has started (`show_not_editable`).
 */
export const showEditable = (show: ShowDetail): boolean =>
  Boolean(show.my?.host) && show.state !== 'ended'
