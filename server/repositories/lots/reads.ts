/** Reading lots: by id, for update, and the viewer's maxima on them. */
import type { Queryable } from '../../db/types.ts'
import type { LotSummary, MyLot } from '../../../common/auction.ts'
import type { LockedLot } from '../../domain/lot.ts'
import { myStatus, toLockedLot, toSummary } from './mappers.ts'
import { PICTURES_COLUMN, VIEW, type LotRow, type LotView } from './rows.ts'

export async function findLot(db: Queryable, id: string): Promise<LotView | undefined> {
  const { rows } = await db.query<LotView>(`${VIEW} where l.id = $1`, [id])
  return rows[0]
}

/** True when a lot with this id exists, whatever its status. */
export async function lotExists(db: Queryable, id: string): Promise<boolean> {
  const { rowCount } = await db.query('select 1 from lots where id = $1', [id])
  return rowCount > 0
}

export async function findLots(db: Queryable, ids: string[]): Promise<LotView[]> {
  if (ids.length === 0) return []
  const { rows } = await db.query<LotView>(`${VIEW} where l.id = any($1::uuid[])`, [ids])
  return rows
}

/**
 * Locks the lot row (`select … for update`): everything that changes a lot — bids, cancel,
 * close, pictures — takes this lock first, so bids on one lot are serialized (lock order: lot →
 * wallets). The row comes with its pictures, which change only under this lock — read by a second
 * statement: one that waited for the lock would see the pictures as they were when it began
 * (PostgreSQL re-reads only the locked row), missing a picture added meanwhile. Returned as the
 * domain's lot, which the deciders take.
 */
export async function lockLot(db: Queryable, id: string): Promise<LockedLot | undefined> {
  const { rows } = await db.query<Omit<LotRow, 'pictures'>>(
    'select * from lots where id = $1 for update',
    [id],
  )
  const row = rows[0]
  if (!row) return undefined
  const { rows: pictures } = await db.query<Pick<LotRow, 'pictures'>>(
    `select ${PICTURES_COLUMN} from lots l where l.id = $1`,
    [id],
  )
  return toLockedLot({ ...row, pictures: pictures[0]?.pictures ?? [] })
}

/** The viewer's maximum on each of these lots (their leader maximum, else their highest bid). */
export async function myMaxima(
  db: Queryable,
  userId: string,
  lotIds: string[],
): Promise<Map<string, number>> {
  if (lotIds.length === 0) return new Map()
  const { rows } = await db.query<{ lot_id: string; max: number }>(
    `select l.id as lot_id,
            case when l.leader_id = $1 then l.leader_max
                 else (select max(b.max_amount) from bids b where b.lot_id = l.id and b.bidder_id = $1)
            end as max
       from lots l where l.id = any($2::uuid[])`,
    [userId, lotIds],
  )
  return new Map(rows.filter((r) => r.max !== null).map((r) => [r.lot_id, r.max]))
}

/** Lot summaries with the viewer's standing on each (status chip and maximum, decision 0023). */
export async function withMyStanding(
  db: Queryable,
  userId: string,
  rows: LotView[],
  now: Date,
): Promise<Array<LotSummary & { my: Omit<MyLot, 'watching'> }>> {
  const maxima = await myMaxima(
    db,
    userId,
    rows.map((r) => r.id),
  )
  return rows.map((row) => {
    const maxBid = maxima.get(row.id) ?? null
    return { ...toSummary(row, now), my: { status: myStatus(row, userId, maxBid), maxBid } }
  })
}
