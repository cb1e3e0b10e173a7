import type { SqlPiece } from '../db/named-sql.ts'
import type { Queryable } from '../db/types.ts'

export interface ActiveHold {
  id: number
  user_id: string
  amount: number
}

export async function activeHoldsOnLot(db: Queryable, lotId: string): Promise<ActiveHold[]> {
  const { rows } = await db.query<ActiveHold>(
    `select id, user_id, amount from holds where lot_id = $1 and status = 'active' order by user_id`,
    [lotId],
  )
  return rows
}

/** Releases every active hold on a lot; returns the users whose holds were released. */
export async function releaseHoldsOnLot(db: Queryable, lotId: string): Promise<string[]> {
  const { rows } = await db.query<{ user_id: string }>(
    `update holds set status = 'released', updated_at = now()
      where lot_id = $1 and status = 'active' returning user_id`,
    [lotId],
  )
  return rows.map((r) => r.user_id)
}

/** Captures a winner's hold at the final price (the rest of their maximum is freed). */
export async function captureHold(db: Queryable, lotId: string, userId: string, price: number) {
  const { rowCount } = await db.query(
    `update holds set status = 'captured', amount = $3, updated_at = now()
      where lot_id = $1 and user_id = $2 and status = 'active'`,
    [lotId, userId, price],
  )
  return rowCount > 0
}

/**
 * After bids on a lot, only its leader holds, and holds `amount`: what they would pay at their
 * maximum (decisions 0008, 0051). Every other active hold on the lot is released, the leader's is
 * set or created. Two pieces of the bid write (one statement); they touch disjoint rows, so their
 * order does not matter.
 */
export function leaderOnlyHoldPieces(
  names: { released: string; held: string },
  hold: { lotId: string; at: Date; leaderId: string | null; amount: number | null },
): SqlPiece[] {
  const params = { lotId: hold.lotId, at: hold.at, leaderId: hold.leaderId }
  return [
    {
      name: names.released,
      sql: `update holds set status = 'released', updated_at = :at
             where lot_id = :lotId and status = 'active' and user_id is distinct from :leaderId::uuid
            returning 1`,
      params,
    },
    {
      name: names.held,
      sql: `insert into holds (user_id, lot_id, amount)
            select :leaderId, :lotId, :amount where :leaderId::uuid is not null
            on conflict (user_id, lot_id) where status = 'active'
            do update set amount = excluded.amount, updated_at = :at
            returning 1`,
      params: { ...params, amount: hold.amount },
    },
  ]
}
