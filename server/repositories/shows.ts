/**
 * Live shows (docs/product.md "Live shows"): the show rows, their queue (`show_lots`) and the
 * lots' side of joining and leaving a show. Everything that changes a show takes its row lock
 * first (`lockShow`), then the lots' (lock order: show → lots → wallets).
 */
import type { ShowLotState, ShowMode, ShowState } from '../../common/shows.ts'
import { SOFT_CLOSE_DEFAULT_SECONDS } from '../../common/auction.ts'
import type { Queryable } from '../db/types.ts'

export interface ShowRow {
  id: string
  seller_id: string
  seller_name: string
  title: string
  description: string
  starts_at: Date
  state: ShowState
  auto_advance_seconds: number | null
  next_lot_at: Date | null
  started_at: Date | null
  ended_at: Date | null
  version: number
}

export interface ShowLotRow {
  show_id: string
  lot_id: string
  position: number
  timer_seconds: number
  mode: ShowMode
  state: ShowLotState
  opened_at: Date | null
  closed_at: Date | null
}

const SHOW_VIEW = `select s.id, s.seller_id, u.name as seller_name, s.title, s.description,
    s.starts_at, s.state, s.auto_advance_seconds, s.next_lot_at, s.started_at, s.ended_at, s.version
  from shows s join users u on u.id = s.seller_id`

export async function findShow(db: Queryable, id: string): Promise<ShowRow | undefined> {
  const { rows } = await db.query<ShowRow>(`${SHOW_VIEW} where s.id = $1`, [id])
  return rows[0]
}

/** Locks the show row (`select … for update`): every host move and every queue change. */
export async function lockShow(db: Queryable, id: string): Promise<ShowRow | undefined> {
  const { rows } = await db.query<ShowRow>(`${SHOW_VIEW} where s.id = $1 for update of s`, [id])
  return rows[0]
}

/** The queue of these shows, in each show's order. */
export async function showLotsOf(db: Queryable, showIds: string[]): Promise<ShowLotRow[]> {
  if (showIds.length === 0) return []
  const { rows } = await db.query<ShowLotRow>(
    `select * from show_lots where show_id = any($1::uuid[]) order by show_id, position`,
    [showIds],
  )
  return rows
}

export async function insertShow(
  db: Queryable,
  row: {
    sellerId: string
    title: string
    description: string
    startsAt: Date
    autoAdvanceSeconds: number | null
  },
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into shows (seller_id, title, description, starts_at, auto_advance_seconds)
     values ($1, $2, $3, $4, $5) returning id`,
    [row.sellerId, row.title, row.description, row.startsAt, row.autoAdvanceSeconds],
  )
  return rows[0]!.id
}

/** The show's own fields the host may change; one more version. */
export async function updateShow(
  db: Queryable,
  id: string,
  change: {
    title?: string | undefined
    description?: string | undefined
    startsAt?: Date | undefined
    autoAdvanceSeconds?: number | null | undefined
  },
  now: Date,
): Promise<void> {
  await db.query(
    `update shows set title = coalesce($2, title), description = coalesce($3, description),
       starts_at = coalesce($4, starts_at),
       auto_advance_seconds = case when $5 then $6::integer else auto_advance_seconds end,
       -- Auto-advance turned off: a pending automatic opening is called off with it.
       next_lot_at = case when $5 and $6::integer is null then null else next_lot_at end,
       version = version + 1, updated_at = $7
     where id = $1`,
    [
      id,
      change.title ?? null,
      change.description ?? null,
      change.startsAt ?? null,
      change.autoAdvanceSeconds !== undefined,
      change.autoAdvanceSeconds ?? null,
      now,
    ],
  )
}

/**
 * A host move's change of state and clocks: the locked row's version plus one, however many times
 * one transaction calls it (a tidy and then a move are one change), so the rooms, which take only
 * the next version as an update, never see a gap and refetch for nothing (src/realtime/bridge.ts).
 */
export async function moveShow(
  db: Queryable,
  show: Pick<ShowRow, 'id' | 'version'>,
  set: {
    state?: ShowState
    startedAt?: Date
    endedAt?: Date
    /** undefined: unchanged; null: cleared. */
    nextLotAt?: Date | null
  },
  now: Date,
): Promise<void> {
  await db.query(
    `update shows set state = coalesce($2, state), started_at = coalesce($3, started_at),
       ended_at = coalesce($4, ended_at),
       next_lot_at = case when $5 then $6::timestamptz else next_lot_at end,
       version = $8, updated_at = $7
     where id = $1`,
    [
      show.id,
      set.state ?? null,
      set.startedAt ?? null,
      set.endedAt ?? null,
      set.nextLotAt !== undefined,
      set.nextLotAt ?? null,
      now,
      show.version + 1,
    ],
  )
}

/**
 * Queued lots whose lot can no longer open (its seller or an admin cancelled it outside the show)
 * leave the queue as skipped, so the queue's head is always a lot that can open.
 */
export async function dropDeadQueuedLots(db: Queryable, showId: string): Promise<number> {
  const { rowCount } = await db.query(
    `update show_lots sl set state = 'skipped'
       from lots l
      where sl.show_id = $1 and sl.state = 'queued' and l.id = sl.lot_id and l.status <> 'scheduled'`,
    [showId],
  )
  return rowCount
}

/** Locks these lots in id order (the lock order every lot writer keeps) and returns their rows. */
export async function lockLotsForShow(
  db: Queryable,
  ids: string[],
): Promise<Array<{ id: string; seller_id: string; status: string; show_id: string | null }>> {
  if (ids.length === 0) return []
  const { rows } = await db.query<{
    id: string
    seller_id: string
    status: string
    show_id: string | null
  }>(
    `select id, seller_id, status, show_id from lots where id = any($1::uuid[])
      order by id for update`,
    [ids],
  )
  return rows
}

/** The queue replaced: queued rows go, the new ones follow the lots that already left it. */
export async function replaceQueue(
  db: Queryable,
  showId: string,
  lots: Array<{ lotId: string; timerSeconds: number; mode: ShowMode }>,
): Promise<void> {
  await db.query(`delete from show_lots where show_id = $1 and state = 'queued'`, [showId])
  if (lots.length === 0) return
  const { rows } = await db.query<{ next: number }>(
    `select coalesce(max(position) + 1, 0)::int as next from show_lots where show_id = $1`,
    [showId],
  )
  const base = rows[0]!.next
  await db.query(
    `insert into show_lots (show_id, lot_id, position, timer_seconds, mode)
     select $1, t.lot_id, $2::int + t.i::int - 1, t.timer, t.mode
       from unnest($3::uuid[], $4::int[], $5::text[]) with ordinality as t(lot_id, timer, mode, i)`,
    [
      showId,
      base,
      lots.map((l) => l.lotId),
      lots.map((l) => l.timerSeconds),
      lots.map((l) => l.mode),
    ],
  )
}

/**
 * The lots of the queue become show lots: their show, their mode's soft close, and the show's
 * start; the end is a placeholder (start + timer) until the lot opens.
 */
export async function joinLots(
  db: Queryable,
  showId: string,
  lots: Array<{ lotId: string; timerSeconds: number; softCloseSeconds: number }>,
  startsAt: Date,
  now: Date,
): Promise<void> {
  if (lots.length === 0) return
  await db.query(
    `update lots l set show_id = $1, soft_close_seconds = t.soft, starts_at = $2::timestamptz,
       ends_at = $2::timestamptz + make_interval(secs => t.timer), version = l.version + 1, updated_at = $3
       from unnest($4::uuid[], $5::int[], $6::int[]) as t(lot_id, timer, soft)
      where l.id = t.lot_id`,
    [
      showId,
      startsAt,
      now,
      lots.map((l) => l.lotId),
      lots.map((l) => l.timerSeconds),
      lots.map((l) => l.softCloseSeconds),
    ],
  )
}

/** How long a lot taken out of a show runs as an ordinary scheduled lot. */
export const LEFT_SHOW_LOT_MS = 24 * 3_600_000

/**
 * Lots taken out of the queue are ordinary scheduled lots again: no show, the default soft close,
 * starting at the show's start and running a day (docs/product.md "Live shows").
 */
export async function leaveShow(
  db: Queryable,
  lotIds: string[],
  startsAt: Date,
  now: Date,
): Promise<void> {
  if (lotIds.length === 0) return
  await db.query(
    `update lots set show_id = null, soft_close_seconds = $2, starts_at = $3, ends_at = $4,
       version = version + 1, updated_at = $5
     where id = any($1::uuid[])`,
    [
      lotIds,
      SOFT_CLOSE_DEFAULT_SECONDS,
      startsAt,
      new Date(startsAt.getTime() + LEFT_SHOW_LOT_MS),
      now,
    ],
  )
}

/** A new start for the show's queued lots (the show's start moved); their placeholder ends follow. */
export async function moveQueuedStarts(
  db: Queryable,
  showId: string,
  startsAt: Date,
  now: Date,
): Promise<void> {
  await db.query(
    `update lots l set starts_at = $2::timestamptz, ends_at = $2::timestamptz + make_interval(secs => sl.timer_seconds),
       version = l.version + 1, updated_at = $3
       from show_lots sl
      where sl.show_id = $1 and sl.state = 'queued' and l.id = sl.lot_id`,
    [showId, startsAt, now],
  )
}

/**
 * Opens a queued lot on the block: the lot opens now and ends after its timer; the queue marks it
 * running (`show_lots_one_running` refuses a second); auto-advance's clock is cleared.
 */
export async function openShowLot(
  db: Queryable,
  showLot: Pick<ShowLotRow, 'show_id' | 'lot_id' | 'timer_seconds'>,
  now: Date,
): Promise<void> {
  const opened = await db.query(
    `update lots set status = 'open', starts_at = $2, ends_at = $3, version = version + 1,
       updated_at = $2
     where id = $1 and status = 'scheduled'`,
    [showLot.lot_id, now, new Date(now.getTime() + showLot.timer_seconds * 1000)],
  )
  // Under the show's lock the queue's head was checked scheduled (`dropDeadQueuedLots`), and
  // nothing but the show opens a show lot: anything else is a bug, rolled back.
  if (opened.rowCount !== 1) throw new Error('a queued show lot was not scheduled')
  await db.query(
    `update show_lots set state = 'running', opened_at = $3 where show_id = $1 and lot_id = $2`,
    [showLot.show_id, showLot.lot_id, now],
  )
}

/** The queue marks a lot skipped (its lot is cancelled by the caller). */
export async function markSkipped(db: Queryable, showId: string, lotId: string): Promise<void> {
  await db.query(`update show_lots set state = 'skipped' where show_id = $1 and lot_id = $2`, [
    showId,
    lotId,
  ])
}

/**
 * Running show lots whose lot is no longer open (it closed, was ended or cancelled) are done;
 * returns their shows (each once).
 */
export async function showsWithFinishedLots(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ show_id: string }>(
    `select distinct sl.show_id from show_lots sl join lots l on l.id = sl.lot_id
      where sl.state = 'running' and l.status <> 'open'`,
  )
  return rows.map((r) => r.show_id)
}

/** Under the show's lock: its running lot is done if its lot is no longer open; true when so. */
export async function finishRunningLot(db: Queryable, showId: string, now: Date): Promise<boolean> {
  const { rowCount } = await db.query(
    `update show_lots sl set state = 'done', closed_at = coalesce(l.closed_at, $2)
       from lots l
      where sl.show_id = $1 and sl.state = 'running' and l.id = sl.lot_id and l.status <> 'open'`,
    [showId, now],
  )
  return rowCount > 0
}

/** Live shows whose auto-advance time has come. */
export async function showsDueToAdvance(db: Queryable, now: Date): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `select id from shows where state = 'live' and next_lot_at <= $1 order by next_lot_at`,
    [now],
  )
  return rows.map((r) => r.id)
}

/** The viewer's side of a show: following its seller, muted in its chat. */
export async function viewerOfShow(
  db: Queryable,
  show: { id: string; sellerId: string },
  userId: string,
): Promise<{ following: boolean; muted: boolean }> {
  const { rows } = await db.query<{ following: boolean; muted: boolean }>(
    `select exists(select 1 from seller_follows where follower_id = $1 and seller_id = $2) as following,
            exists(select 1 from show_mutes where show_id = $3 and user_id = $1) as muted`,
    [userId, show.sellerId, show.id],
  )
  return rows[0]!
}
