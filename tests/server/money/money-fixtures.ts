import type { Queryable } from '../../../server/db/types.ts'
import { insertUser } from '../../../server/repositories/users.ts'
import { uniqueEmail } from '../helpers.ts'
import { appendLedgerEntry } from '../../../server/repositories/ledger.ts'

/**
 * Rows for the money modules' own tests (tests/server/money/), written with plain SQL so that a
 * mutant of the repository under test never breaks a test's setup instead of its assertion.
 */

/** A member with `credit` cents on their wallet (one `adjustment` entry). */
export async function newMember(db: Queryable, credit = 0): Promise<string> {
  const user = await insertUser(db, {
    name: 'Member',
    email: uniqueEmail('money'),
    passwordHash: 'not-a-real-hash',
    verified: true,
  })
  if (!user) throw new Error('could not create member')
  if (credit) {
    await appendLedgerEntry(db, {
      userId: user.id,
      kind: 'adjustment',
      amount: credit,
      reason: 'test',
    })
  }
  return user.id
}

/** A lot that is open; `endedSecondsAgo` > 0 puts its end in the past. */
export async function insertLot(
  db: Queryable,
  sellerId: string,
  options: {
    title?: string
    endsInSeconds?: number
    leader?: { id: string; price: number; max: number }
    reservePrice?: number | null
  } = {},
): Promise<string> {
  const { leader } = options
  const { rows } = await db.query<{ id: string }>(
    `insert into lots (seller_id, title, starting_price, reserve_price, starts_at, ends_at, status,
                       leader_id, current_price, leader_max, bid_count)
     values ($1, $2, 1000, $3, now() - interval '1 hour', now() + make_interval(secs => $4), 'open',
             $5, $6, $7, $8)
     returning id`,
    [
      sellerId,
      options.title ?? 'Test lot',
      options.reservePrice ?? null,
      options.endsInSeconds ?? 3_600,
      leader?.id ?? null,
      leader?.price ?? null,
      leader?.max ?? null,
      leader ? 1 : 0,
    ],
  )
  return rows[0]!.id
}

/** An active hold, as a bid leaves it. */
export async function insertHold(db: Queryable, userId: string, lotId: string, amount: number) {
  await db.query(`insert into holds (user_id, lot_id, amount) values ($1, $2, $3)`, [
    userId,
    lotId,
    amount,
  ])
}

/** A bid in the lot's history (who bid is who hears that the lot ended). */
export async function insertBid(db: Queryable, userId: string, lotId: string, amount: number) {
  await db.query(
    `insert into bids (lot_id, bidder_id, amount, max_amount) values ($1, $2, $3, $3)`,
    [lotId, userId, amount],
  )
}

export interface HoldRow {
  user_id: string
  amount: number
  status: 'active' | 'released' | 'captured'
}

/** Every hold on a lot, by user then id. */
export async function holdsOn(db: Queryable, lotId: string): Promise<HoldRow[]> {
  const { rows } = await db.query<HoldRow>(
    `select user_id, amount::int as amount, status from holds where lot_id = $1 order by user_id, id`,
    [lotId],
  )
  return rows
}

/** Σ of a member's ledger entries: their balance. */
export async function balanceOf(db: Queryable, userId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `select coalesce(sum(amount), 0)::int as n from ledger_entries where user_id = $1`,
    [userId],
  )
  return rows[0]!.n
}

export async function walletVersion(db: Queryable, userId: string): Promise<number> {
  const { rows } = await db.query<{ version: number }>(
    'select version from wallets where user_id = $1',
    [userId],
  )
  return rows[0]!.version
}
