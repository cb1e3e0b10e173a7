/** A lot's public bid history, in pages. */
import type { BidPage, BidRow } from '../../../common/auction.ts'
import type { Queryable } from '../../db/types.ts'
import { pageOf, type Page } from '../page.ts'

interface BidViewRow {
  id: number
  lot_id: string
  alias: string
  amount: number
  auto: boolean
  created_at: Date
}

const toBidRow = (r: BidViewRow): BidRow => ({
  id: r.id,
  lotId: r.lot_id,
  bidder: r.alias,
  amount: r.amount,
  auto: r.auto,
  createdAt: r.created_at.toISOString(),
})

export const BID_PAGE = 100

/**
 * History in ascending id order: after a bid id (gap filling), or the latest page; undefined when
 * there is no such lot. The version is read before the bids: a bid committed in between makes the
 * page more complete than it says, never less (a version read after could claim a bid it misses).
 */
export async function listBids(
  db: Queryable,
  lotId: string,
  after: number | undefined,
  limit = BID_PAGE,
): Promise<BidPage | undefined> {
  const { rows: lots } = await db.query<{ version: number }>(
    'select version from lots where id = $1',
    [lotId],
  )
  const version = lots[0]?.version
  if (version === undefined) return undefined
  return { ...(await bidsPage(db, lotId, after, limit)), version }
}

async function bidsPage(
  db: Queryable,
  lotId: string,
  after: number | undefined,
  limit: number,
): Promise<Page<BidRow>> {
  if (after !== undefined) {
    const { rows } = await db.query<BidViewRow>(
      `select b.id, b.lot_id, u.alias, b.amount, b.auto, b.created_at
         from bids b join users u on u.id = b.bidder_id
        where b.lot_id = $1 and b.id > $2 and b.visible order by b.id limit $3`,
      [lotId, after, limit + 1],
    )
    return pageOf(rows, limit, toBidRow)
  }
  const { rows } = await db.query<BidViewRow>(
    `select * from (
       select b.id, b.lot_id, u.alias, b.amount, b.auto, b.created_at
         from bids b join users u on u.id = b.bidder_id
        where b.lot_id = $1 and b.visible order by b.id desc limit $2
     ) latest order by id`,
    [lotId, limit],
  )
  return { items: rows.map(toBidRow), nextCursor: null }
}
