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

export async function heldByUser(db: Queryable, userId: string): Promise<number> {
  const { rows } = await db.query<{ held: number }>(
    `select coalesce(sum(amount), 0)::bigint as held from holds where user_id = $1 and status = 'active'`,
    [userId],
  )
  return rows[0]?.held ?? 0
}
