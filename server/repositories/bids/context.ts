/** What deciding a batch of bids reads besides the locked rows: clock, funds, watchers, bid ids. */
import { toPositional } from '../../db/named-sql.ts'
import type { Queryable } from '../../db/types.ts'
import type { BidContext } from '../../domain/bids.ts'
import { fundsSql } from '../wallets.ts'

export type { BidContext }

export interface ContextQuery {
  lotId: string
  sellerId: string
  userIds: string[]
  /** How many bid ids to allocate. */
  ids: number
}

export type ContextRow = {
  now: Date
  seller_name: string
  watching: string[] | null
  funds: Array<{
    user_id: string
    balance: number
    held: number
    lot_hold: number
    pending: number
  }>
  bid_ids: number[]
  blocked: string[] | null
}

export const CONTEXT_COLUMNS = `clock_timestamp() as now,
            (select name from users where id = :sellerId) as seller_name,
            (select json_agg(w.user_id) from watchlist w
              where w.lot_id = :lotId and w.user_id = any(:userIds::uuid[])) as watching,
            (select json_agg(f) from (${fundsSql(':userIds', ':lotId')}) f) as funds,
            (select json_agg(nextval(pg_get_serial_sequence('bids', 'id')))
               from generate_series(1, :ids::int)) as bid_ids,
            (select json_agg(b.bidder_id) from seller_blocks b
              where b.seller_id = :sellerId and b.bidder_id = any(:userIds::uuid[])) as blocked`

export function toContext(row: ContextRow): BidContext {
  return {
    now: new Date(row.now),
    sellerName: row.seller_name,
    watching: new Set(row.watching ?? []),
    funds: new Map(
      row.funds.map((f) => [
        f.user_id,
        { balance: Number(f.balance), held: Number(f.held), lotHold: Number(f.lot_hold) },
      ]),
    ),
    pending: new Map(row.funds.map((f) => [f.user_id, Number(f.pending)])),
    bidIds: row.bid_ids.map(Number).sort((a, b) => a - b),
    blocked: new Set(row.blocked ?? []),
  }
}

/**
 * What deciding a batch of bids needs beyond the locked rows, in one statement taken after the lot
 * and wallet locks (so its snapshot includes everything committed by earlier holders of those
 * locks): the clock, balances and holds, watching, and
 * enough new bid ids (allocated in decision order: bid-id order is the serial order).
 */
export async function bidContext(db: Queryable, q: ContextQuery): Promise<BidContext> {
  const { text, values } = toPositional(`select ${CONTEXT_COLUMNS}`, { ...q })
  const { rows } = await db.query<ContextRow>(text, values)
  return toContext(rows[0]!)
}
