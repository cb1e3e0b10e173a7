/**
 * Pages keyed by id: the query asks for one row more than `limit`, and that extra row is how a
 * page knows another one follows.
 */
export interface Page<T> {
  items: T[]
  /** The last item's id, when another page follows. */
  nextCursor: string | null
}

/** The first `limit` rows, mapped; a cursor when the query found a row more. */
export function pageOf<R, T extends { id: number }>(
  rows: R[],
  limit: number,
  map: (row: R) => T,
): Page<T> {
  const items = rows.slice(0, limit).map((row) => map(row))
  const last = items[items.length - 1]
  return { items, nextCursor: rows.length > limit && last ? String(last.id) : null }
}
