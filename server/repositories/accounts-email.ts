/** A member's address: verified, changed (decision 0054). */
import type { Queryable } from '../db/types.ts'

/** Counts the address as verified (kept when it already was). */
export async function markEmailVerified(db: Queryable, userId: string): Promise<void> {
  await db.query(
    'update users set email_verified_at = coalesce(email_verified_at, now()) where id = $1',
    [userId],
  )
}

/** True when another account uses this address in any case. */
export async function emailTaken(db: Queryable, email: string, exceptId: string | null) {
  const { rows } = await db.query(
    'select 1 from users where lower(email) = lower($1) and id is distinct from $2 limit 1',
    [email, exceptId],
  )
  return rows.length > 0
}

/** Switches the member's address to `email`, verified now. */
export async function setEmail(db: Queryable, userId: string, email: string): Promise<void> {
  await db.query('update users set email = $2, email_verified_at = now() where id = $1', [
    userId,
    email,
  ])
}

/** Sets the language the member's mails are written in. */
export async function setLang(db: Queryable, userId: string, lang: string): Promise<void> {
  await db.query('update users set lang = $2 where id = $1', [userId, lang])
}
