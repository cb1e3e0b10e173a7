import { createHmac, randomBytes } from 'node:crypto'

export function newSessionToken(): string {
  return randomBytes(32).toString('base64url')
}

/** Keyed so that a copy of the sessions table alone cannot be turned back into cookies. */
export function hashSessionToken(token: string, secret: string): string {
  return createHmac('sha256', secret).update(token).digest('base64url')
}

export function randomAlias(length = 4): string {
  return `Bidder ${randomBytes(4).toString('hex').slice(0, length).toUpperCase()}`
}
