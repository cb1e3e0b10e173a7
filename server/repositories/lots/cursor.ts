/** The lot list's cursor: its sort and sort key, base64url-encoded JSON, checked as client input. */
import { LOT_SORTS, type LotSort } from '../../../common/auction.ts'
import { isUuid } from '../../../common/wire.ts'

/**
 * Sort key, compared as a row `(rank, time, id)` (decision 0026). `ending`: open (ending soonest)
 * → scheduled (starting soonest) → over (most recent first). The other sorts put their value in
 * `time` (rank 0): price, minus the price, minus the bid count, minus the creation time.
 */
export type LotCursor = [rank: number, time: number, id: string]

/** A cursor belongs to the sort that made it: the list answers 400 to one from another sort. */
export function encodeCursor(cursor: LotCursor, sort: LotSort = 'ending'): string {
  const value = sort === 'ending' ? cursor : [...cursor, sort]
  return Buffer.from(JSON.stringify(value)).toString('base64url')
}

export function decodeCursor(raw: string, sort: LotSort = 'ending'): LotCursor | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'))
    // Every part must fit what it is compared with in SQL (int rank 0-2, bigint time, uuid id):
    // a cursor is client input, and a value PostgreSQL cannot cast would fail as a 500.
    if (
      Array.isArray(value) &&
      (sort === 'ending'
        ? value.length === 3
        : value.length === 4 && value[3] === sort && LOT_SORTS.includes(sort)) &&
      [0, 1, 2].includes(value[0] as number) &&
      Number.isSafeInteger(value[1]) &&
      typeof value[2] === 'string' &&
      isUuid(value[2])
    ) {
      return value.slice(0, 3) as LotCursor
    }
  } catch {
    // fall through
  }
  return undefined
}
