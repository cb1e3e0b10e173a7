import { createHash, randomBytes } from 'node:crypto'

/** A fresh token for a mailed link: 32 random bytes (256 bits), base64url, 43 characters. */
export function newAuthToken(): string {
  return randomBytes(32).toString('base64url')
}

/**
 * What `auth_tokens.token_hash` holds. Unkeyed SHA-256 is enough here: the token has 256 bits of
 * randomness, so a copy of the table cannot be turned back into working links.
 */
export function hashAuthToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url')
}
