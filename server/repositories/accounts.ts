/** A member's own account changes: profile, password, the end of their sessions, deletion. */
import type { Queryable } from '../db/types.ts'
import { findUserById, type UserWithHash } from './users.ts'

/** Locks the member's row for a change to it; undefined when there is none (or it was deleted). */
export async function lockUser(db: Queryable, id: string): Promise<UserWithHash | undefined> {
  const { rows } = await db.query<{ id: string }>(
    'select id from users where id = $1 and deleted_at is null for update',
    [id],
  )
  return rows[0] ? findUserById(db, id) : undefined
}

/** True when the member's account was closed (decision 0053: nothing is credited to it after). */
export async function isClosed(db: Queryable, id: string): Promise<boolean> {
  const { rows } = await db.query<{ closed: boolean }>(
    'select deleted_at is not null as closed from users where id = $1',
    [id],
  )
  return rows[0]?.closed ?? true
}

/** A member's row as a sign-in finds it under its lock. */
export interface SignInStanding {
  user: UserWithHash
  deleted: boolean
  suspended: boolean
}

/**
 * Share-locks the member's row for a sign-in: it waits for a password change, deletion or
 * suspension under way (each locks the row for update first) and holds theirs off until the
 * session it stores has committed. Undefined when there is no such row.
 */
export async function lockUserForSignIn(
  db: Queryable,
  id: string,
): Promise<SignInStanding | undefined> {
  const { rows } = await db.query<{ deleted: boolean; suspended: boolean }>(
    `select deleted_at is not null as deleted, suspended_at is not null as suspended
       from users where id = $1 for share`,
    [id],
  )
  const user = rows[0] && (await findUserById(db, id))
  return user && { user, deleted: rows[0]!.deleted, suspended: rows[0]!.suspended }
}

/** True when another account has this alias, whatever its case. */
export async function aliasTaken(db: Queryable, alias: string, exceptId: string) {
  const { rows } = await db.query(
    'select 1 from users where lower(alias) = lower($1) and id <> $2 limit 1',
    [alias, exceptId],
  )
  return rows.length > 0
}

/** Sets the display name and alias (each left as it is when undefined). */
export async function updateProfile(
  db: Queryable,
  id: string,
  change: { name?: string | undefined; alias?: string | undefined },
) {
  await db.query(
    `update users set name = coalesce($2, name), alias = coalesce($3, alias) where id = $1`,
    [id, change.name ?? null, change.alias ?? null],
  )
}

export async function setPasswordHash(db: Queryable, id: string, passwordHash: string) {
  await db.query('update users set password_hash = $2 where id = $1', [id, passwordHash])
}

/** Ends every session of a member; returns how many ended. */
export async function endSessionsOf(db: Queryable, userId: string): Promise<number> {
  const { rowCount } = await db.query('delete from sessions where user_id = $1', [userId])
  return rowCount
}

/**
 * Removes a member's personal data and keeps the row the ledger, the lots and the bids point at:
 * name, e-mail, alias and password are replaced (no sign-in can match it again), and their
 * sessions, watchlist, notifications and stored idempotent answers are deleted. Ledger entries,
 * holds and top-ups stay: the money history must still add up (decision 0025). The new e-mail (no
 * "@") and alias (a "#") are spellings nobody can sign up with or choose: they derive from the
 * public member id, so a taken one would fail the delete on the unique keys.
 */
export async function anonymiseUser(db: Queryable, userId: string) {
  await db.query(
    `update users
        set name = 'Deleted member',
            email = 'deleted:' || id::text,
            alias = 'Deleted #' || upper(substr(replace(id::text, '-', ''), 1, 12)),
            password_hash = '!',
            deleted_at = now()
      where id = $1`,
    [userId],
  )
  for (const table of ['sessions', 'watchlist', 'notifications', 'idempotency_keys', 'addresses'])
    await db.query(`delete from ${table} where user_id = $1`, [userId])
}
