/**
 * A seller's blocks of bidders (decision 0056): read by the bid context under the lot lock,
 * written by the seller after locking their running lots.
 */
import type { AdminMemberBlocks, BlockedBidder } from '../../common/blocks.ts'
import type { Queryable } from '../db/types.ts'

/** An open account by its public alias (whatever its case); undefined for none or a closed one. */
export async function memberByAlias(
  db: Queryable,
  alias: string,
): Promise<{ id: string; alias: string } | undefined> {
  const { rows } = await db.query<{ id: string; alias: string }>(
    'select id, alias from users where lower(alias) = lower($1) and deleted_at is null',
    [alias],
  )
  return rows[0]
}

/**
 * Locks every running (scheduled or open) lot of the seller, in id order. A block takes these
 * locks before it is written, and a bid decides under its lot's lock after reading the blocks:
 * a bid either commits before the block or sees it (docs/security.md "Seller blocks").
 */
export async function lockRunningLotsOf(db: Queryable, sellerId: string): Promise<void> {
  await db.query(
    `select id from lots where seller_id = $1 and status in ('scheduled', 'open')
      order by id for update`,
    [sellerId],
  )
}

/** Blocks; a second block of the same member changes nothing. */
export async function insertBlock(db: Queryable, sellerId: string, bidderId: string) {
  await db.query(
    `insert into seller_blocks (seller_id, bidder_id) values ($1, $2)
     on conflict (seller_id, bidder_id) do nothing`,
    [sellerId, bidderId],
  )
}

export async function deleteBlock(db: Queryable, sellerId: string, bidderId: string) {
  await db.query('delete from seller_blocks where seller_id = $1 and bidder_id = $2', [
    sellerId,
    bidderId,
  ])
}

/** The seller's blocks, newest first, by alias only. */
export async function blocksOf(db: Queryable, sellerId: string): Promise<BlockedBidder[]> {
  const { rows } = await db.query<{ alias: string; created_at: Date }>(
    `select u.alias, b.created_at from seller_blocks b join users u on u.id = b.bidder_id
      where b.seller_id = $1 order by b.created_at desc, u.alias`,
    [sellerId],
  )
  return rows.map((r) => ({ alias: r.alias, createdAt: new Date(r.created_at).toISOString() }))
}

/** For an admin: whom the member blocked and who blocked them. */
export async function memberBlocks(db: Queryable, userId: string): Promise<AdminMemberBlocks> {
  const side = async (mine: 'seller_id' | 'bidder_id', other: 'seller_id' | 'bidder_id') => {
    const { rows } = await db.query<{ name: string; alias: string; created_at: Date }>(
      `select u.name, u.alias, b.created_at from seller_blocks b join users u on u.id = b.${other}
        where b.${mine} = $1 order by b.created_at desc, u.alias`,
      [userId],
    )
    return rows.map((r) => ({
      name: r.name,
      alias: r.alias,
      createdAt: new Date(r.created_at).toISOString(),
    }))
  }
  return {
    blocked: await side('seller_id', 'bidder_id'),
    blockedBy: await side('bidder_id', 'seller_id'),
  }
}
