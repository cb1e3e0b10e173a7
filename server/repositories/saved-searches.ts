/**
 * Saved searches (decision 0057; docs/product.md "Saved searches"): rows, limits and the
 * matcher, run in the new lot's own transaction.
 */
import type { AppNotification } from '../../common/auction.ts'
import { formatPriceLimit, type LotCategory, type LotSort } from '../../common/auction.ts'
import {
  SAVED_SEARCHES_MAX,
  savedSearchAlertCutoff,
  type SavedSearch,
} from '../../common/saved-searches.ts'
import type { Queryable } from '../db/types.ts'
import { AppError } from '../lib/problem.ts'
import { lotMatches } from './lots.ts'
import { insertNotification } from './notifications.ts'

interface SavedSearchRow {
  id: string
  user_id: string
  name: string
  q: string
  category: LotCategory | null
  min_price: number | string | null
  max_price: number | string | null
  sort: LotSort
  created_at: Date | string
}

const cents = (value: number | string | null) => (value === null ? null : Number(value))

function toSavedSearch(row: SavedSearchRow): SavedSearch {
  const min = cents(row.min_price)
  const max = cents(row.max_price)
  return {
    id: row.id,
    name: row.name,
    q: row.q,
    category: row.category,
    minPrice: min === null ? null : formatPriceLimit(min),
    maxPrice: max === null ? null : formatPriceLimit(max),
    sort: row.sort,
    createdAt: new Date(row.created_at).toISOString(),
  }
}

export async function listSavedSearches(db: Queryable, userId: string): Promise<SavedSearch[]> {
  const { rows } = await db.query<SavedSearchRow>(
    'select * from saved_searches where user_id = $1 order by created_at, id',
    [userId],
  )
  return rows.map(toSavedSearch)
}

/**
 * Saves one search; 409 `saved_searches_full` at SAVED_SEARCHES_MAX. The member's row is locked
 * first, so two saves at once cannot both take the last place.
 */
export async function insertSavedSearch(
  tx: Queryable,
  userId: string,
  search: {
    name: string
    q: string
    category: LotCategory | null
    minCents: number | null
    maxCents: number | null
    sort: LotSort
  },
): Promise<SavedSearch> {
  await tx.query('select 1 from users where id = $1 for update', [userId])
  const { rows: counted } = await tx.query<{ n: number }>(
    'select count(*)::int as n from saved_searches where user_id = $1',
    [userId],
  )
  if (counted[0]!.n >= SAVED_SEARCHES_MAX)
    throw new AppError(
      409,
      'saved_searches_full',
      `You can keep at most ${SAVED_SEARCHES_MAX} saved searches. Delete one first.`,
    )
  const { rows } = await tx.query<SavedSearchRow>(
    `insert into saved_searches (user_id, name, q, category, min_price, max_price, sort)
     values ($1, $2, $3, $4, $5, $6, $7) returning *`,
    [userId, search.name, search.q, search.category, search.minCents, search.maxCents, search.sort],
  )
  return toSavedSearch(rows[0]!)
}

/** Deletes one of the member's searches; false when they have none with that id. */
export async function deleteSavedSearch(
  db: Queryable,
  userId: string,
  id: string,
): Promise<boolean> {
  const { rowCount } = await db.query('delete from saved_searches where id = $1 and user_id = $2', [
    id,
    userId,
  ])
  return rowCount > 0
}

/**
 * Tells the owner of every saved search a new lot matches, in the lot's own transaction (so an
 * alert exists exactly when its lot does, and its push rides in the same statement: decision
 * 0032): never the seller, at most once an hour per search. The matching is the list's own
 * (`lotMatches`); taking the hour is one guarded update, so two lots at once alert once.
 */
export async function alertSavedSearches(
  tx: Queryable,
  lot: { id: string; sellerId: string; title: string },
  now: Date,
): Promise<Array<{ userId: string; notification: AppNotification }>> {
  const cutoff = savedSearchAlertCutoff(now)
  // Only searches the lot's category and price can satisfy reach the per-search match (the list's
  // own filter, which also weighs the words): the candidates are narrowed in one statement.
  const { rows } = await tx.query<SavedSearchRow>(
    `select s.* from saved_searches s
       join users u on u.id = s.user_id and u.deleted_at is null and u.suspended_at is null
       join lots l on l.id = $3
      where s.user_id <> $1 and (s.last_alerted_at is null or s.last_alerted_at <= $2)
        and (s.category is null or s.category = l.category)
        and (s.min_price is null or coalesce(l.current_price, l.starting_price) >= s.min_price)
        and (s.max_price is null or coalesce(l.current_price, l.starting_price) <= s.max_price)
      order by s.id`,
    [lot.sellerId, cutoff, lot.id],
  )
  const told: Array<{ userId: string; notification: AppNotification }> = []
  for (const s of rows) {
    const matches = await lotMatches(tx, lot.id, {
      q: s.q || undefined,
      category: s.category ?? undefined,
      minPrice: cents(s.min_price) ?? undefined,
      maxPrice: cents(s.max_price) ?? undefined,
    })
    if (!matches) continue
    const { rowCount } = await tx.query(
      `update saved_searches set last_alerted_at = $2
        where id = $1 and (last_alerted_at is null or last_alerted_at <= $3)`,
      [s.id, now, cutoff],
    )
    if (rowCount === 0) continue
    told.push(
      await insertNotification(tx, {
        userId: s.user_id,
        kind: 'saved_search_match',
        lotId: lot.id,
        data: { searchId: s.id, name: s.name, lotId: lot.id, title: lot.title },
      }),
    )
  }
  return told
}
