/** Lists of lots: filtered, searched, watched or bid on, in pages ordered by `LotCursor`. */
import {
  ENDED_STATUSES,
  ENDING_SOON_LIST_MS,
  type LotCategory,
  type LotFilter,
  type LotSort,
  type MyBidsTab,
} from '../../../common/auction.ts'
import type { Queryable } from '../../db/types.ts'
import { encodeCursor, type LotCursor } from './cursor.ts'
import { VIEW_COLUMNS, VIEW_JOINS, type LotView } from './rows.ts'

export interface ListOptions {
  filter?: LotFilter | undefined
  q?: string | undefined
  /** `ending` when absent (decision 0026). */
  sort?: LotSort | undefined
  category?: LotCategory | undefined
  /** Price limits in cents, on the current price (the starting price before any bid). */
  minPrice?: number | undefined
  maxPrice?: number | undefined
  cursor?: LotCursor | undefined
  limit: number
  now: Date
  /** Only lots this user watches. */
  watchedBy?: string | undefined
  /** Only lots this user bid on. */
  bidBy?: string | undefined
  /** With `bidBy`: only lots still running, won by them, or over and not won (decision 0023). */
  tab?: MyBidsTab | undefined
}

/** The statuses of a lot that is over, as SQL (constants of common/, never input). */
const ENDED = ENDED_STATUSES.map((status) => `'${status}'`).join(', ')

/** Won: over, sold, and the bidder led at the end (as `myStatus` says 'won'). */
const WON = (user: () => string) => `(l.status = 'settled' and l.leader_id = ${user()}
  and (l.reserve_price is null or coalesce(l.current_price, 0) >= l.reserve_price))`
const TAB_WHERE = {
  active: () => `l.status in ('scheduled', 'open')`,
  won: WON,
  lost: (user: () => string) => `l.status in (${ENDED}) and not ${WON(user)}`,
} as const

/** Not a show's queued lot: what browsing shows (issue 34). */
export const NOT_QUEUED_IN_A_SHOW = `not (l.status = 'scheduled' and l.show_id is not null)`

/** What a lot costs now: its current price, or its starting price before the first bid. */
const PRICE = 'coalesce(l.current_price, l.starting_price)'

/**
 * Each sort as its `(k_rank, k_time)` pair; every sort ends on the id, so rows with equal keys
 * still have one order and the cursor `(k_rank, k_time, id) > (…)` skips and repeats none.
 */
const SORT_KEYS: Record<LotSort, string> = {
  ending: `
  case l.status when 'open' then 0 when 'scheduled' then 1 else 2 end as k_rank,
  (case l.status
     when 'open' then extract(epoch from l.ends_at) * 1000000
     when 'scheduled' then extract(epoch from l.starts_at) * 1000000
     else -extract(epoch from l.ends_at) * 1000000 end)::bigint as k_time`,
  newest: `0 as k_rank, (-extract(epoch from l.created_at) * 1000000)::bigint as k_time`,
  price_asc: `0 as k_rank, ${PRICE}::bigint as k_time`,
  price_desc: `0 as k_rank, (-${PRICE})::bigint as k_time`,
  bids: `0 as k_rank, (-l.bid_count)::bigint as k_time`,
}

/** What a person narrows the list by: the filters a saved search keeps (issue 32). */
export type FindingOptions = Pick<ListOptions, 'q' | 'category' | 'minPrice' | 'maxPrice'>

/**
 * The list's narrowing filters as SQL over lot `l`: the one place they are written, used by the
 * list and by the saved-search matcher (server/repositories/saved-searches.ts), so a saved search
 * alerts for exactly the lots its list would show.
 */
function findingClauses(options: FindingOptions, param: (value: unknown) => string): string[] {
  const where: string[] = []
  if (options.category) where.push(`l.category = ${param(options.category)}`)
  if (options.minPrice !== undefined) where.push(`${PRICE} >= ${param(options.minPrice)}::bigint`)
  if (options.maxPrice !== undefined) where.push(`${PRICE} <= ${param(options.maxPrice)}::bigint`)
  if (options.q) {
    const pattern = `%${options.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    const p = param(pattern)
    where.push(`(l.title ilike ${p} or l.description ilike ${p})`)
  }
  return where
}

/** True when lot `lotId` is one the list would show under these filters. */
export async function lotMatches(
  db: Queryable,
  lotId: string,
  options: FindingOptions,
): Promise<boolean> {
  const params: unknown[] = [lotId]
  const param = (value: unknown) => {
    params.push(value)
    return `$${params.length}`
  }
  const where = ['l.id = $1::uuid', ...findingClauses(options, param)]
  const { rowCount } = await db.query(`select 1 from lots l where ${where.join(' and ')}`, params)
  return rowCount > 0
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
      where.push(`l.status in (${ENDED})`)
      break
  }
  where.push(...findingClauses(options, param))
  // A show's queued lot opens when the host reaches it, not at its `starts_at`: browsing and
  // search leave it out and the show lists its queue (issue 34). Whoever watches it or left an
  // absentee bid on it still finds it in their own lists.
  if (!options.watchedBy && !options.bidBy) where.push(NOT_QUEUED_IN_A_SHOW)
  if (options.watchedBy) {
    where.push(
      `exists (select 1 from watchlist w where w.lot_id = l.id and w.user_id = ${param(options.watchedBy)})`,
    )
  }
  if (options.bidBy) {
    where.push(
      `exists (select 1 from bids b where b.lot_id = l.id and b.bidder_id = ${param(options.bidBy)})`,
    )
    if (options.tab) {
      const bidder = options.bidBy
      // A parameter only where the clause uses it (an unused one has no type to infer).
      where.push(TAB_WHERE[options.tab](() => `${param(bidder)}::uuid`))
    }
  }
  const sort = options.sort ?? 'ending'
  let after = ''
  if (options.cursor) {
    const [rank, time, id] = options.cursor
    after = `where (k_rank, k_time, id) > (${param(rank)}::int, ${param(time)}::bigint, ${param(id)}::uuid)`
  }
  const limit = param(options.limit + 1)
  const { rows } = await db.query<LotView & { k_rank: number; k_time: number }>(
    `select * from (
       select ${VIEW_COLUMNS}, ${SORT_KEYS[sort]}
         ${VIEW_JOINS}
        ${where.length ? `where ${where.join(' and ')}` : ''}
     ) s ${after}
     order by k_rank, k_time, id
     limit ${limit}`,
    params,
  )
  const page = rows.slice(0, options.limit)
  const last = page[page.length - 1]
  const nextCursor =
    rows.length > options.limit && last
      ? encodeCursor([last.k_rank, Number(last.k_time), last.id], sort)
      : null
  return { rows: page, nextCursor }
}
