import type { Queryable } from '../db/types.ts'

export const SESSION_TTL_DAYS = 30
/**
 * Signed-in devices per member: a sign-in past it signs the oldest one out. Successful sign-ins
 * are not rate limited (only failures are), so without it one member could grow the table without
 * bound (docs/security.md).
 */
export const SESSIONS_PER_USER_MAX = 20

/** A session a sign-in, sign-up or password change is about to store, and the one it replaces. */
export interface SessionStart {
  tokenHash: string
  /** The browser's session before this one, ended with it (no session fixation). */
  replaces: string | undefined
}

/**
 * Stores a new session for a member, ending the one it replaces. Callers run it in the same
 * transaction that locked the member's row and checked it (commands/auth), so a password change,
 * deletion or suspension either commits first and refuses it, or after and ends it.
 */
export async function startSession(db: Queryable, session: SessionStart, userId: string) {
  if (session.replaces) await deleteSession(db, session.replaces)
  await insertSession(db, session.tokenHash, userId)
}

export async function insertSession(db: Queryable, tokenHash: string, userId: string) {
  await db.query(
    `insert into sessions (token_hash, user_id, expires_at)
     values ($1, $2, now() + make_interval(days => $3))`,
    [tokenHash, userId, SESSION_TTL_DAYS],
  )
  await db.query(
    `delete from sessions
      where user_id = $1
        and (expires_at <= now()
             or token_hash in (select token_hash from sessions where user_id = $1
                                order by created_at desc, token_hash offset $2))
        and token_hash <> $3`,
    [userId, SESSIONS_PER_USER_MAX, tokenHash],
  )
}

/** Deletes every expired session (the scheduler's sweep); returns how many went. */
export async function deleteExpiredSessions(db: Queryable, now: Date): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `with gone as (delete from sessions where expires_at <= $1 returning 1)
     select count(*)::int as n from gone`,
    [now],
  )
  return rows[0]?.n ?? 0
}

/**
 * The session's user id if the session exists, has not expired and its member is neither
 * suspended nor deleted; slides its last-seen time. Asked on every request (HTTP and the
 * real-time authorization alike), so no session outlives its member's standing, whatever ended
 * or failed to end it.
 */
export async function touchSession(db: Queryable, tokenHash: string): Promise<string | undefined> {
  const { rows } = await db.query<{ user_id: string }>(
    `update sessions set last_seen_at = now()
     where token_hash = $1 and expires_at > now()
       and exists (select 1 from users u where u.id = sessions.user_id
                     and u.suspended_at is null and u.deleted_at is null)
     returning user_id`,
    [tokenHash],
  )
  return rows[0]?.user_id
}

export async function deleteSession(db: Queryable, tokenHash: string) {
  await db.query('delete from sessions where token_hash = $1', [tokenHash])
}

/** Ends every session of a member (suspension, decision 0027); returns how many ended. */
export async function deleteSessionsOfUser(db: Queryable, userId: string): Promise<number> {
  const { rowCount } = await db.query('delete from sessions where user_id = $1', [userId])
  return rowCount
}
