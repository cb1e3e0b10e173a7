/**
 * The seller's lots that may join a show (`GET /api/shows/showable-lots`): theirs, scheduled, and
 * in no show, or in the one being edited. The same rule `setQueueIn` (server/commands/shows/
 * show-queue.ts) applies when the queue is sent; this list only offers what it would take.
 */
import type { LotSummary } from '../../common/auction.ts'
import { isUuid } from '../../common/wire.ts'
import type { Queryable } from '../db/types.ts'
import { toSummary } from './lots/mappers.ts'
import { VIEW, type LotView } from './lots/rows.ts'

/** A page's position: the last lot's start (ms) and id, base64url JSON tagged with the list. */
type ShowableCursor = [time: number, id: string]
const TAG = 'showable'

export function encodeShowableCursor(cursor: ShowableCursor): string {
  return Buffer.from(JSON.stringify([...cursor, TAG])).toString('base64url')
}

/** A cursor is client input: anything but one this list made is undefined. */
export function decodeShowableCursor(raw: string): ShowableCursor | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'))
    if (
      Array.isArray(value) &&
      value.length === 3 &&
      Number.isSafeInteger(value[0]) &&
      isUuid(value[1]) &&
      value[2] === TAG
    )
      return [value[0] as number, value[1] as string]
  } catch {
    // fall through
  }
  return undefined
}

/** The start in whole milliseconds, as the cursor keeps it (a row's microseconds would repeat it). */
const START = `date_trunc('milliseconds', l.starts_at)`

/** The seller's showable lots, the soonest start first (the id breaks ties). */
export async function listShowableLots(
  db: Queryable,
  options: {
    sellerId: string
    /** Also the lots queued in this show (the edit form may put them back). */
    showId?: string | undefined
    q?: string | undefined
    cursor?: ShowableCursor | undefined
    limit: number
    now: Date
  },
): Promise<{ items: LotSummary[]; nextCursor: string | null }> {
  const params: unknown[] = [options.sellerId, options.showId ?? null, options.limit + 1]
  const param = (value: unknown) => {
    params.push(value)
    return `$${params.length}`
  }
  const where = [
    'l.seller_id = $1',
    `l.status = 'scheduled'`,
    '(l.show_id is null or l.show_id = $2::uuid)',
  ]
  if (options.q) {
    const pattern = `%${options.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    where.push(`l.title ilike ${param(pattern)}`)
  }
  if (options.cursor) {
    const [time, id] = options.cursor
    where.push(`(${START}, l.id) > (${param(new Date(time))}::timestamptz, ${param(id)}::uuid)`)
  }
  const { rows } = await db.query<LotView>(
    `${VIEW} where ${where.join(' and ')} order by ${START}, l.id limit $3`,
    params,
  )
  const page = rows.slice(0, options.limit)
  const last = page[page.length - 1]
  return {
    items: page.map((row) => toSummary(row, options.now)),
    nextCursor:
      rows.length > options.limit && last
        ? encodeShowableCursor([last.starts_at.getTime(), last.id])
        : null,
  }
}
