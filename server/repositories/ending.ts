/** Reads for a lot that is over: who bid, the winning bid, the viewer's sale entry, receipts. */
import type { Queryable } from '../db/types.ts'

/** Everyone who bid on the lot at least once, in no particular order. */
export async function biddersOn(db: Queryable, lotId: string): Promise<string[]> {
  const { rows } = await db.query<{ bidder_id: string }>(
    'select distinct bidder_id from bids where lot_id = $1',
    [lotId],
  )
  return rows.map((r) => r.bidder_id)
}

/** The leader's last bid on the lot: the one that won it, once it is settled. */
export async function winningBidId(
  db: Queryable,
  lotId: string,
  leaderId: string,
): Promise<number | null> {
  const { rows } = await db.query<{ id: number | null }>(
    'select max(id)::bigint as id from bids where lot_id = $1 and bidder_id = $2',
    [lotId, leaderId],
  )
  return rows[0]?.id === null || rows[0]?.id === undefined ? null : Number(rows[0].id)
}

/** The user's purchase or sale entry for this lot, if the sale touched their wallet. */
export async function saleEntryOf(
  db: Queryable,
  userId: string,
  lotId: string,
): Promise<{ id: number; amount: number } | undefined> {
  const { rows } = await db.query<{ id: number; amount: number }>(
    `select id, amount from ledger_entries
      where user_id = $1 and lot_id = $2 and kind in ('purchase', 'sale')
      order by id limit 1`,
    [userId, lotId],
  )
  const row = rows[0]
  return row && { id: Number(row.id), amount: Number(row.amount) }
}

export interface ReceiptRow {
  id: number
  kind: 'purchase' | 'sale'
  amount: number
  created_at: Date
  lot_id: string
  lot_title: string
  seller_name: string
  buyer_alias: string | null
}

/** One of the user's own purchase or sale entries, with its lot; undefined for anything else. */
export async function receiptOf(
  db: Queryable,
  userId: string,
  entryId: number,
): Promise<ReceiptRow | undefined> {
  const { rows } = await db.query<ReceiptRow>(
    `select e.id, e.kind, e.amount, e.created_at, l.id as lot_id, l.title as lot_title,
            su.name as seller_name, bu.alias as buyer_alias
       from ledger_entries e
       join lots l on l.id = e.lot_id
       join users su on su.id = l.seller_id
       left join users bu on bu.id = l.leader_id
      where e.id = $1 and e.user_id = $2 and e.kind in ('purchase', 'sale')`,
    [entryId, userId],
  )
  return rows[0]
}
