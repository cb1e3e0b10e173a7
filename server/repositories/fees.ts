import type { FeeTotals } from '../../common/orders/shapes.ts'
import type { Queryable } from '../db/types.ts'

/**
 * The house account's fees since `since` (all time when null), from its ledger entries: a sale's
 * `fee` entry is its order's premium plus seller's fee (decision 0051), so the split comes from
 * the order; a refund's `reversal` is what it took back from the house.
 */
export async function houseFeeTotals(db: Queryable, since: Date | null): Promise<FeeTotals> {
  const { rows } = await db.query<{
    premium: string
    seller_fee: string
    refunded: string
    total: string
  }>(
    `select coalesce(sum(o.premium) filter (where e.kind = 'fee'), 0)::bigint as premium,
            coalesce(sum(o.seller_fee) filter (where e.kind = 'fee'), 0)::bigint as seller_fee,
            coalesce(-sum(e.amount) filter (where e.kind = 'reversal'), 0)::bigint as refunded,
            coalesce(sum(e.amount), 0)::bigint as total
       from ledger_entries e left join orders o on o.id = e.order_id
      where e.account = 'house' and ($1::timestamptz is null or e.created_at >= $1)`,
    [since],
  )
  const row = rows[0]!
  return {
    premium: Number(row.premium),
    sellerFee: Number(row.seller_fee),
    refunded: Number(row.refunded),
    total: Number(row.total),
  }
}
