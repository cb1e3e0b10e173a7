/**
 * A fresh Idempotency-Key for a write (a bid, a top-up, a queued offline write): the server
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
