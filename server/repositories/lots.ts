import {
  ENDING_SOON_LIST_MS,
  minNextBid,
  type LotDetail,
  type LotFilter,
  type LotStatus,
  type LotSummary,
  type MyLot,
  type MyLotStatus,
} from '../../common/auction.ts'
import type { Queryable } from '../db/types.ts'

export interface LotRow {
  id: string
  seller_id: string
  title: string
  description: string
  starting_price: number
  reserve_price: number | null
  starts_at: Date
  ends_at: Date
  soft_close_seconds: number
  status: LotStatus
  current_price: number | null
  leader_id: string | null
  leader_max: number | null
  bid_count: number
  version: number
  image_path: string | null
  closed_at: Date | null
  settled_at: Date | null
}

/** A lot row with the public aliases of its seller and leader. */
export interface LotView extends LotRow {
  seller_alias: string
  leader_alias: string | null
}

const VIEW = `select l.*, su.alias as seller_alias, lu.alias as leader_alias
  from lots l
  join users su on su.id = l.seller_id
  left join users lu on lu.id = l.leader_id`

const ENDED: readonly LotStatus[] = ['closed', 'settled', 'unsold', 'cancelled']

export function toSummary(row: LotView, now = new Date()): LotSummary {
  const over = ENDED.includes(row.status)
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    startingPrice: row.starting_price,
    currentPrice: row.current_price,
    minNextBid: over
      ? null
      : minNextBid({ startingPrice: row.starting_price, currentPrice: row.current_price }),
    bidCount: row.bid_count,
    leader: row.leader_alias,
    seller: row.seller_alias,
    hasReserve: row.reserve_price !== null,
    reserveMet: row.reserve_price === null ? null : (row.current_price ?? 0) >= row.reserve_price,
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at.toISOString(),
    softCloseSeconds: row.soft_close_seconds,
    imageUrl: row.image_path ? `uploads/${row.image_path}` : null,
    version: row.version,
    serverTime: now.toISOString(),
  }
}

export function toDetail(row: LotView, my: MyLot | null, now = new Date()): LotDetail {
  return { ...toSummary(row, now), description: row.description, my }
}

/** The viewer's standing on a lot, from the lot and whether/how much they bid. */
export function myStatus(row: LotRow, userId: string, myMax: number | null): MyLotStatus {
  const leads = row.leader_id === userId
  const sold = row.reserve_price === null || (row.current_price ?? 0) >= (row.reserve_price ?? 0)
  switch (row.status) {
    case 'open':
      return leads ? 'leading' : myMax !== null ? 'outbid' : null
    case 'closed':
    case 'settled':
    case 'unsold':
      if (myMax === null && !leads) return null
      return leads && sold && row.status !== 'unsold' ? 'won' : 'lost'
    default:
      return null
  }
}

export async function findLot(db: Queryable, id: string): Promise<LotView | undefined> {
  const { rows } = await db.query<LotView>(`${VIEW} where l.id = $1`, [id])
  return rows[0]
}

export async function findLots(db: Queryable, ids: string[]): Promise<LotView[]> {
  if (ids.length === 0) return []
  const { rows } = await db.query<LotView>(`${VIEW} where l.id = any($1::uuid[])`, [ids])
  return rows
}

/**
 * Locks the lot row (`select … for update`): everything that changes a lot — bids, cancel,
 * close — takes this lock first, so bids on one lot are serialized (lock order: lot → wallets).
 */
export async function lockLot(db: Queryable, id: string): Promise<LotRow | undefined> {
  const { rows } = await db.query<LotRow>('select * from lots where id = $1 for update', [id])
  return rows[0]
}

export async function insertLot(
  db: Queryable,
  lot: {
    sellerId: string
    title: string
    description: string
    startingPrice: number
    reservePrice: number | null
    startsAt: Date
    endsAt: Date
    softCloseSeconds: number
    status: 'open' | 'scheduled'
  },
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into lots (seller_id, title, description, starting_price, reserve_price, starts_at,
                       ends_at, soft_close_seconds, status)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
    [
      lot.sellerId,
      lot.title,
      lot.description,
      lot.startingPrice,
      lot.reservePrice,
      lot.startsAt,
      lot.endsAt,
      lot.softCloseSeconds,
      lot.status,
    ],
  )
  return rows[0]!.id
}

/** The viewer's maximum on each of these lots (their leader maximum, else their highest bid). */
export async function myMaxima(
  db: Queryable,
  userId: string,
  lotIds: string[],
): Promise<Map<string, number>> {
  if (lotIds.length === 0) return new Map()
  const { rows } = await db.query<{ lot_id: string; max: number }>(
    `select l.id as lot_id,
            case when l.leader_id = $1 then l.leader_max
                 else (select max(b.max_amount) from bids b where b.lot_id = l.id and b.bidder_id = $1)
            end as max
       from lots l where l.id = any($2::uuid[])`,
    [userId, lotIds],
  )
  return new Map(rows.filter((r) => r.max !== null).map((r) => [r.lot_id, r.max]))
}

// ── Lists ───────────────────────────────────────────────────────────────────────────────────────

export interface ListOptions {
  filter?: LotFilter | undefined
  q?: string | undefined
  cursor?: LotCursor | undefined
  limit: number
  now: Date
  /** Only lots this user watches. */
  watchedBy?: string | undefined
  /** Only lots this user bid on. */
  bidBy?: string | undefined
}

/** Sort key: open (ending soonest) → scheduled (starting soonest) → over (most recent first). */
export type LotCursor = [rank: number, time: number, id: string]

const SORT_KEYS = `
  case l.status when 'open' then 0 when 'scheduled' then 1 else 2 end as k_rank,
  (case l.status
     when 'open' then extract(epoch from l.ends_at) * 1000000
     when 'scheduled' then extract(epoch from l.starts_at) * 1000000
     else -extract(epoch from l.ends_at) * 1000000 end)::bigint as k_time`

export function encodeCursor(cursor: LotCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url')
}

export function decodeCursor(raw: string): LotCursor | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'))
    if (
      Array.isArray(value) &&
      value.length === 3 &&
      Number.isSafeInteger(value[0]) &&
      Number.isSafeInteger(value[1]) &&
      typeof value[2] === 'string' &&
      /^[0-9a-f-]{36}$/.test(value[2])
    ) {
      return value as LotCursor
    }
  } catch {
    // fall through
  }
  return undefined
}

export async function listLots(
  db: Queryable,
  options: ListOptions,
): Promise<{ rows: LotView[]; nextCursor: string | null }> {
  const where: string[] = []
  const params: unknown[] = []
  const param = (value: unknown) => {
    params.push(value)
    return `$${params.length}`
  }
  switch (options.filter) {
    case 'open':
      where.push(`l.status = 'open'`)
      break
    case 'ending_soon':
      where.push(
        `l.status = 'open' and l.ends_at <= ${param(new Date(options.now.getTime() + ENDING_SOON_LIST_MS))}`,
      )
      break
    case 'scheduled':
      where.push(`l.status = 'scheduled'`)
      break
    case 'closed':
      where.push(`l.status in ('closed', 'settled', 'unsold', 'cancelled')`)
      break
  }
  if (options.q) {
    const pattern = `%${options.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    const p = param(pattern)
    where.push(`(l.title ilike ${p} or l.description ilike ${p})`)
  }
  if (options.watchedBy) {
    where.push(
      `exists (select 1 from watchlist w where w.lot_id = l.id and w.user_id = ${param(options.watchedBy)})`,
    )
  }
  if (options.bidBy) {
    where.push(
      `exists (select 1 from bids b where b.lot_id = l.id and b.bidder_id = ${param(options.bidBy)})`,
    )
  }
  let after = ''
  if (options.cursor) {
    const [rank, time, id] = options.cursor
    after = `where (k_rank, k_time, id) > (${param(rank)}::int, ${param(time)}::bigint, ${param(id)}::uuid)`
  }
  const limit = param(options.limit + 1)
  const { rows } = await db.query<LotView & { k_rank: number; k_time: number }>(
    `select * from (
       select l.*, su.alias as seller_alias, lu.alias as leader_alias, ${SORT_KEYS}
         from lots l
         join users su on su.id = l.seller_id
         left join users lu on lu.id = l.leader_id
        ${where.length ? `where ${where.join(' and ')}` : ''}
     ) s ${after}
     order by k_rank, k_time, id
     limit ${limit}`,
    params,
  )
  const page = rows.slice(0, options.limit)
  const last = page[page.length - 1]
  const nextCursor =
    rows.length > options.limit && last ? encodeCursor([last.k_rank, last.k_time, last.id]) : null
  return { rows: page, nextCursor }
}

/** Points the lot at its new picture (a content-named file) and counts it as a change. */
export async function setLotImage(db: Queryable, id: string, imagePath: string) {
  await db.query(
    'update lots set image_path = $2, version = version + 1, updated_at = now() where id = $1',
    [id, imagePath],
  )
}
