import type { Queryable } from '../db/types.ts'

export const SESSION_TTL_DAYS = 30

export async function insertSession(db: Queryable, tokenHash: string, userId: string) {
  await db.query(
    `insert into sessions (token_hash, user_id, expires_at)
     values ($1, $2, now() + make_interval(days => $3))`,
    [tokenHash, userId, SESSION_TTL_DAYS],
  )
}

/** The session's user id if the session exists and has not expired; slides its last-seen time. */
export async function touchSession(db: Queryable, tokenHash: string): Promise<string | undefined> {
  const { rows } = await db.query<{ user_id: string }>(
    `update sessions set last_seen_at = now()
     where token_hash = $1 and expires_at > now()
     returning user_id`,
    [tokenHash],
  )
  return rows[0]?.user_id
}

export async function deleteSession(db: Queryable, tokenHash: string) {
  await db.query('delete from sessions where token_hash = $1', [tokenHash])
}
