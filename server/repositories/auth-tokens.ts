/** Single-use tokens sent by mail (decision 0054): only their hash is stored. */
import { authTokenExpiry, type AuthTokenPurpose } from '../../common/auth-tokens.ts'
import type { Queryable } from '../db/types.ts'

export interface AuthTokenRow {
  id: string
  userId: string
  purpose: AuthTokenPurpose
  newEmail: string | null
}

/** Stores a token's hash for `userId`, working for its purpose's lifetime from now. */
export async function insertAuthToken(
  db: Queryable,
  input: { userId: string; purpose: AuthTokenPurpose; tokenHash: string; newEmail?: string },
): Promise<void> {
  await db.query(
    `insert into auth_tokens (user_id, purpose, token_hash, new_email, expires_at)
     values ($1, $2, $3, $4, $5)`,
    [
      input.userId,
      input.purpose,
      input.tokenHash,
      input.newEmail ?? null,
      authTokenExpiry(input.purpose, new Date()),
    ],
  )
}

/**
 * Marks every unused token of this member and purpose used: a new link replaces the earlier ones
 * (docs/product.md, "Accounts").
 */
export async function retireAuthTokens(
  db: Queryable,
  userId: string,
  purpose: AuthTokenPurpose,
): Promise<void> {
  await db.query(
    `update auth_tokens set used_at = now()
      where user_id = $1 and purpose = $2 and used_at is null`,
    [userId, purpose],
  )
}

/** The member a working (unused, unexpired) token of this purpose belongs to, without a lock. */
export async function findWorkingToken(
  db: Queryable,
  tokenHash: string,
  purpose: AuthTokenPurpose,
): Promise<AuthTokenRow | undefined> {
  const { rows } = await db.query<{
    id: string
    user_id: string
    purpose: AuthTokenPurpose
    new_email: string | null
  }>(
    `select id::text, user_id, purpose, new_email from auth_tokens
      where token_hash = $1 and purpose = $2 and used_at is null and expires_at > now()`,
    [tokenHash, purpose],
  )
  const row = rows[0]
  return row && { id: row.id, userId: row.user_id, purpose: row.purpose, newEmail: row.new_email }
}

/**
 * Uses the token in the caller's transaction: locks its row, checks it still works, sets
 * `used_at`. Undefined when it is used (by a request that committed first), expired or unknown.
 */
export async function useToken(
  db: Queryable,
  tokenHash: string,
  purpose: AuthTokenPurpose,
): Promise<AuthTokenRow | undefined> {
  const { rows } = await db.query<{ id: string }>(
    `select id::text from auth_tokens
      where token_hash = $1 and purpose = $2 and used_at is null and expires_at > now()
      for update`,
    [tokenHash, purpose],
  )
  if (!rows[0]) return undefined
  const found = await findWorkingToken(db, tokenHash, purpose)
  if (!found) return undefined
  await db.query('update auth_tokens set used_at = now() where id = $1', [rows[0].id])
  return found
}

/** How many tokens of this purpose the member was sent since `since` (resend limits). */
export async function countTokensSince(
  db: Queryable,
  userId: string,
  purpose: AuthTokenPurpose,
  since: Date,
): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from auth_tokens
      where user_id = $1 and purpose = $2 and created_at > $3`,
    [userId, purpose, since],
  )
  return rows[0]?.n ?? 0
}
