/** Shows as the API answers them (common/shows.ts): the list's summaries, a show whole, a page. */
import type { LotSummary } from '../../common/auction.ts'
import {
  SHOW_LIST_KINDS,
  type ShowDetail,
  type ShowListKind,
  type ShowLot,
  type ShowSummary,
} from '../../common/shows.ts'
import { isUuid } from '../../common/wire.ts'
import type { Queryable } from '../db/types.ts'
import { findLots, toSummary } from './lots.ts'
import { showLotsOf, type ShowLotRow, type ShowRow } from './shows.ts'

type Viewer = ShowDetail['my']

const iso = (at: Date | null) => (at ? at.toISOString() : null)

/** The shows' queues with their lots, read in two queries. */
async function queuesOf(db: Queryable, shows: ShowRow[], now: Date) {
  const rows = await showLotsOf(
    db,
    shows.map((s) => s.id),
  )
  const lots = new Map<string, LotSummary>()
  for (const lot of await findLots(
    db,
    rows.map((r) => r.lot_id),
  ))
    lots.set(lot.id, toSummary(lot, now))
  const byShow = new Map<string, Array<{ row: ShowLotRow; lot: LotSummary }>>()
  for (const row of rows) {
    const list = byShow.get(row.show_id) ?? []
    list.push({ row, lot: lots.get(row.lot_id)! })
    byShow.set(row.show_id, list)
  }
  return byShow
}

function summaryOf(show: ShowRow, queue: Array<{ row: ShowLotRow; lot: LotSummary }>) {
  const running = queue.find((q) => q.row.state === 'running')
  const summary: ShowSummary = {
    id: show.id,
    title: show.title,
    sellerId: show.seller_id,
    seller: show.seller_name,
    state: show.state,
    startsAt: show.starts_at.toISOString(),
    startedAt: iso(show.started_at),
    endedAt: iso(show.ended_at),
    lotCount: queue.length,
    currentLot: running?.lot ?? null,
    imageUrl: queue.find((q) => q.lot.imageUrl !== null)?.lot.imageUrl ?? null,
  }
  return summary
}

export async function showSummaries(
  db: Queryable,
  shows: ShowRow[],
  now = new Date(),
): Promise<ShowSummary[]> {
  const queues = await queuesOf(db, shows, now)
  return shows.map((show) => summaryOf(show, queues.get(show.id) ?? []))
}

export async function showDetail(
  db: Queryable,
  show: ShowRow,
  my: Viewer,
  now = new Date(),
): Promise<ShowDetail> {
  const queue = (await queuesOf(db, [show], now)).get(show.id) ?? []
  const lots: ShowLot[] = queue.map(({ row, lot }) => ({
    lotId: row.lot_id,
    position: row.position,
    timerSeconds: row.timer_seconds,
    mode: row.mode,
    state: row.state,
    openedAt: iso(row.opened_at),
    closedAt: iso(row.closed_at),
    lot,
  }))
  return {
    ...summaryOf(show, queue),
    description: show.description,
    autoAdvanceSeconds: show.auto_advance_seconds,
    nextLotAt: iso(show.next_lot_at),
    lots,
    version: show.version,
    my,
  }
}

// ── The list ─────────────────────────────────────────────────────────────────────────────────────

/** A page's position: the sort time (ms) and id of its last show, base64url JSON. */
type ShowCursor = [time: number, id: string]

export function encodeShowCursor(cursor: ShowCursor, kind: ShowListKind): string {
  return Buffer.from(JSON.stringify([...cursor, kind])).toString('base64url')
}

/** A cursor is client input: anything but one this kind of list made is undefined. */
export function decodeShowCursor(raw: string, kind: ShowListKind): ShowCursor | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'))
    if (
      Array.isArray(value) &&
      value.length === 3 &&
      Number.isSafeInteger(value[0]) &&
      isUuid(value[1]) &&
      value[2] === kind &&
      SHOW_LIST_KINDS.includes(kind)
    )
      return [value[0] as number, value[1] as string]
  } catch {
    // fall through
  }
  return undefined
}

/**
 * Each list's filter and order: live (and paused) shows, the latest started first; upcoming by
 * start; past by end, the latest first. The id breaks ties in the same direction.
 */
const LISTS: Record<ShowListKind, { where: string; column: string; desc: boolean }> = {
  live: { where: `s.state in ('live', 'paused')`, column: 's.started_at', desc: true },
  upcoming: { where: `s.state = 'scheduled'`, column: 's.starts_at', desc: false },
  past: { where: `s.state = 'ended'`, column: 's.ended_at', desc: true },
}

export async function listShows(
  db: Queryable,
  options: { kind: ShowListKind; cursor: ShowCursor | undefined; limit: number },
): Promise<{ rows: ShowRow[]; nextCursor: string | null }> {
  const list = LISTS[options.kind]
  const direction = list.desc ? 'desc' : 'asc'
  const after = list.desc ? '<' : '>'
  const params: unknown[] = [options.limit + 1]
  let where = list.where
  if (options.cursor) {
    params.push(new Date(options.cursor[0]), options.cursor[1])
    where += ` and (${list.column}, s.id) ${after} ($2::timestamptz, $3::uuid)`
  }
  const { rows } = await db.query<ShowRow>(
    `select s.id, s.seller_id, u.name as seller_name, s.title, s.description, s.starts_at, s.state,
            s.auto_advance_seconds, s.next_lot_at, s.started_at, s.ended_at, s.version
       from shows s join users u on u.id = s.seller_id
      where ${where}
      order by ${list.column} ${direction}, s.id ${direction}
      limit $1`,
    params,
  )
  const page = rows.slice(0, options.limit)
  const last = page[page.length - 1]
  const time = (row: ShowRow) =>
    (options.kind === 'live'
      ? row.started_at
      : options.kind === 'past'
        ? row.ended_at
        : row.starts_at)!
  return {
    rows: page,
    nextCursor:
      rows.length > options.limit && last
        ? encodeShowCursor([time(last).getTime(), last.id], options.kind)
        : null,
  }
}
