import type { Queryable } from '../db/types.ts'

/** The ledger accounts of decision 0051: a member's money, their pending proceeds, the house. */
export type LedgerAccount = 'available' | 'pending' | 'house'

/** One ledger entry of an order's money; the house's entries have no member. */
export interface OrderEntry {
  userId: string | null
  account: LedgerAccount
  kind: 'purchase' | 'sale' | 'fee' | 'release' | 'refund' | 'reversal'
  amount: number
  reason: string
}

/**
 * Writes an order's entries together. Every move writes entries that sum to zero (a sale: the
 * buyer's payment = the seller's pending proceeds + the house's fees), so the ledger balances
 * across accounts; the caller holds the order's lock and the members' wallet locks.
 */
export async function appendOrderEntries(
  db: Queryable,
  order: { id: string; lotId: string },
  entries: readonly OrderEntry[],
): Promise<void> {
  const sum = entries.reduce((total, e) => total + e.amount, 0)
  if (sum !== 0) throw new Error(`order ${order.id}: entries sum to ${sum}, not 0`)
  for (const e of entries.filter((entry) => entry.amount !== 0)) {
    await db.query(
      `insert into ledger_entries (user_id, account, kind, amount, lot_id, order_id, reason)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [e.userId, e.account, e.kind, e.amount, order.lotId, order.id, e.reason],
    )
  }
}

/** What is still pending for one order's seller: what completion releases or a refund takes. */
export async function pendingOfOrder(db: Queryable, orderId: string): Promise<number> {
  const { rows } = await db.query<{ total: string }>(
    `select coalesce(sum(amount), 0)::bigint as total from ledger_entries
      where order_id = $1 and account = 'pending'`,
    [orderId],
  )
  return Number(rows[0]!.total)
}

/** What the house holds of one order: the most a refund can take back from it. */
export async function houseTakeOfOrder(db: Queryable, orderId: string): Promise<number> {
  const { rows } = await db.query<{ total: string }>(
    `select coalesce(sum(amount), 0)::bigint as total from ledger_entries
      where order_id = $1 and account = 'house'`,
    [orderId],
  )
  return Number(rows[0]!.total)
}
