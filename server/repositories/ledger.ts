import type { Queryable } from '../db/types.ts'

export type LedgerKind = 'top_up' | 'purchase' | 'sale' | 'refund' | 'adjustment'

export async function appendLedgerEntry(
  db: Queryable,
  entry: {
    userId: string
    kind: LedgerKind
    amount: number
    reason?: string
    lotId?: string
    paymentIntentId?: string
    createdBy?: string
  },
) {
  await db.query(
    `insert into ledger_entries (user_id, kind, amount, reason, lot_id, payment_intent_id, created_by)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [
      entry.userId,
      entry.kind,
      entry.amount,
      entry.reason ?? null,
      entry.lotId ?? null,
      entry.paymentIntentId ?? null,
      entry.createdBy ?? null,
    ],
  )
}

export async function balanceOf(db: Queryable, userId: string): Promise<number> {
  const { rows } = await db.query<{ balance: number }>(
    'select coalesce(sum(amount), 0)::bigint as balance from ledger_entries where user_id = $1',
    [userId],
  )
  return rows[0]?.balance ?? 0
}
