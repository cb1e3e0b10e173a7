import type { Wallet } from '../../common/wallet.ts'
import { toWallet, type LockedWallet } from '../domain/wallet.ts'
import type { SqlPiece } from '../db/named-sql.ts'
import type { Queryable } from '../db/types.ts'

export { toWallet, type LockedWallet }

/**
 * Locks the wallet rows of these users in user-id order (`select … for update`). Everything that
 * changes a user's available balance locks their row first, so two bids spending the same money
 * are serialized. Always after the lot lock: lot → wallets in user-id order, never the reverse.
 */
export async function lockWallets(
  db: Queryable,
  userIds: string[],
): Promise<Map<string, LockedWallet>> {
  const ids = [...new Set(userIds)].sort()
  const lock = () =>
    db.query<{ user_id: string; version: number; alias: string }>(
      `select w.user_id, w.version, u.alias
         from wallets w join users u on u.id = w.user_id
        where w.user_id = any($1::uuid[])
        order by w.user_id
        for update of w`,
      [ids],
    )
  let { rows } = await lock()
  if (rows.length < ids.length) {
    // Rows come from a trigger on users; this only covers rows deleted or never created by hand.
    await db.query(
      'insert into wallets (user_id) select unnest($1::uuid[]) on conflict do nothing',
      [ids],
    )
    ;({ rows } = await lock())
  }
  return new Map(
    rows.map((r) => [r.user_id, { userId: r.user_id, version: r.version, alias: r.alias }]),
  )
}

/**
 * The read model's money, per user of `users` (a uuid[] parameter): balance = sum of the ledger
 * entries of their available account, pending = their sales' proceeds waiting for the orders to
 * complete (decision 0051), held = sum of active holds and, with `lot`, the active hold on that lot
 * (`lot_hold`).
 * The one place this is written in SQL: wallets, the bid context and the tests read it from here.
 */
export function fundsSql(users: string, lot?: string): string {
  const lotHold = lot
    ? `,
            (select coalesce(sum(h.amount), 0) from holds h
              where h.user_id = u.id and h.lot_id = ${lot} and h.status = 'active')::bigint as lot_hold`
    : ''
  return `select u.id as user_id,
            (select coalesce(sum(e.amount), 0) from ledger_entries e
              where e.user_id = u.id and e.account = 'available')::bigint as balance,
            (select coalesce(sum(e.amount), 0) from ledger_entries e
              where e.user_id = u.id and e.account = 'pending')::bigint as pending,
            (select coalesce(sum(h.amount), 0) from holds h
              where h.user_id = u.id and h.status = 'active')::bigint as held${lotHold}
       from unnest(${users}::uuid[]) as u(id)`
}

/** The read model: balance = sum of ledger entries, held = sum of active holds. */
export async function walletsOf(
  db: Queryable,
  userIds: string[],
  currency: string,
): Promise<Map<string, Wallet>> {
  if (userIds.length === 0) return new Map()
  const { rows } = await db.query<{
    user_id: string
    version: number
    balance: number
    held: number
    pending: number
  }>(
    `select f.user_id, f.balance, f.held, f.pending,
            coalesce((select w.version from wallets w where w.user_id = f.user_id), 0) as version
       from (${fundsSql('$1')}) f`,
    [[...new Set(userIds)]],
  )
  return new Map(rows.map((r) => [r.user_id, toWallet(r, currency)]))
}

export async function walletOf(db: Queryable, userId: string, currency: string): Promise<Wallet> {
  return (await walletsOf(db, [userId], currency)).get(userId)!
}

export async function bumpWalletVersions(
  db: Queryable,
  userIds: string[],
): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map()
  const { rows } = await db.query<{ user_id: string; version: number }>(
    'update wallets set version = version + 1 where user_id = any($1::uuid[]) returning user_id, version',
    [userIds],
  )
  return new Map(rows.map((r) => [r.user_id, r.version]))
}

/**
 * Adds `n` to each user's wallet version (one per hold change), as a piece of a larger statement
 * (the bid write). Ledger entries bump versions by trigger; hold changes are bumped by their writer.
 */
export function bumpWalletVersionsPiece(name: string, bumps: Map<string, number>): SqlPiece {
  return {
    name,
    sql: `update wallets set version = wallets.version + d.n
            from unnest(:bumpedUsers::uuid[], :bumps::int[]) as d(user_id, n)
           where wallets.user_id = d.user_id
          returning 1`,
    params: { bumpedUsers: [...bumps.keys()], bumps: [...bumps.values()] },
  }
}
