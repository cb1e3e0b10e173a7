import { isIdempotencyKey } from '../../common/idempotency'

export { isIdempotencyKey }

/**
 * A fresh Idempotency-Key (always `isIdempotencyKey`, the rule the server checks) for a write (a bid, a top-up, a queued offline write): the server
 * applies each key once, so a retry or a second tab's replay cannot apply it twice.
 * `crypto.randomUUID` needs a secure context; a plain-http LAN preview still gets a random key.
 */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto as Crypto | undefined
  if (typeof c?.randomUUID === 'function') return c.randomUUID()
  const bytes = new Uint8Array(16)
  if (c) c.getRandomValues(bytes)
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256)
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

/**
 * One key per attempt at a write: asking again for the same body (a retry after an error or a
 * lost answer) gives the same key, so the server answers it from its store instead of applying it
 * twice; another body, or any body after `done()` (the write succeeded), gets a fresh key.
 */
export class AttemptKeys {
  private last: { body: string; key: string } | null = null

  keyFor(body: unknown): string {
    const text = JSON.stringify(body ?? null)
    if (this.last?.body !== text) this.last = { body: text, key: newIdempotencyKey() }
    return this.last.key
  }

  done(): void {
    this.last = null
  }
}
