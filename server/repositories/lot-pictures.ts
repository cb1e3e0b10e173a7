/**
 * A lot's pictures (decision 0024). The writes run under the lot's row lock (`lockLot`), taken
 * by the command first: positions are rewritten as a whole, never raced (the demo seed excepted).
 */
import type { Queryable } from '../db/types.ts'

/** A stored picture's size and the widths of its WebP copies (decision 0031). */
export interface PictureSizes {
  width: number
  height: number
  widths: number[]
}

/** Adds a picture at `position` (the end); its id. */
export async function insertPicture(
  db: Queryable,
  lotId: string,
  path: string,
  position: number,
  sizes: PictureSizes,
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into lot_pictures (lot_id, path, position, width, height, widths)
     values ($1, $2, $3, $4, $5, $6) returning id`,
    [lotId, path, position, sizes.width, sizes.height, sizes.widths],
  )
  return rows[0]!.id
}

/** Deletes one picture of this lot; its files, or undefined when the lot has no such picture. */
export async function deletePicture(
  db: Queryable,
  lotId: string,
  pictureId: string,
): Promise<{ path: string; widths: number[] } | undefined> {
  const { rows } = await db.query<{ path: string; widths: number[] }>(
    'delete from lot_pictures where lot_id = $1 and id = $2 returning path, widths',
    [lotId, pictureId],
  )
  return rows[0]
}

/** Numbers the lot's pictures 0, 1, … in the order of `ids` (all of the lot's pictures). */
export async function setPictureOrder(db: Queryable, lotId: string, ids: string[]): Promise<void> {
  await db.query(
    `update lot_pictures p set position = o.ordinality - 1
       from unnest($2::uuid[]) with ordinality as o(id, ordinality)
      where p.lot_id = $1 and p.id = o.id`,
    [lotId, ids],
  )
}

/** Counts a picture change as a change of the lot: its version moves (clients merge by version). */
export async function bumpLotVersion(db: Queryable, lotId: string): Promise<void> {
  await db.query('update lots set version = version + 1, updated_at = now() where id = $1', [lotId])
}

/** How many pictures the lot has. */
export async function countPictures(db: Queryable, lotId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'select count(*)::int as n from lot_pictures where lot_id = $1',
    [lotId],
  )
  return rows[0]?.n ?? 0
}

/** Lots without a picture whose seller's email matches `emailPattern` (LIKE), oldest first. */
export async function lotsWithoutPictures(db: Queryable, emailPattern: string): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `select l.id from lots l join users u on u.id = l.seller_id
      where u.email like $1
        and not exists (select 1 from lot_pictures p where p.lot_id = l.id)
      order by l.created_at, l.id`,
    [emailPattern],
  )
  return rows.map((r) => r.id)
}

/** Every stored picture's file (under DATA_DIR/uploads), oldest first. */
export async function allPicturePaths(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ path: string }>(
    'select path from lot_pictures order by created_at, id',
  )
  return rows.map((r) => r.path)
}
