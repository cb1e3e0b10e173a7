import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'

/**
 * scrypt's cost as log2 N (OWASP's floor is N=2^17 with r=8,p=1 at 128 MiB; 2^15 keeps a login
 * ~50 ms). PASSWORD_HASH_COST may lower it outside production only (docs/configuration.md): the
 * test suites hash thousands of passwords and check behaviour, not the cost.
 */
export const PASSWORD_HASH_COST = 15
/** 2^16 is the most MAX_MEM allows with r = 8 (scrypt needs about 128 · N · r bytes). */
export const PASSWORD_HASH_COST_RANGE = { min: 10, max: 16 } as const
const R = 8
const P = 1
const KEY_LENGTH = 32
const MAX_MEM = 64 * 1024 * 1024

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      { N: n, r, p, maxmem: MAX_MEM },
      (err, key) => (err ? reject(err) : resolve(key)),
    )
  })
}

/** Format: `scrypt$N$r$p$salt$hash` (base64url), so parameters can be raised later. */
export async function hashPassword(
  password: string,
  cost: number = PASSWORD_HASH_COST,
): Promise<string> {
  const salt = randomBytes(16)
  const n = 2 ** cost
  const key = await derive(password, salt, n, R, P)
  return ['scrypt', n, R, P, salt.toString('base64url'), key.toString('base64url')].join('$')
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64url')
  const actual = await derive(password, Buffer.from(salt, 'base64url'), +n, +r, +p)
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}

/**
 * A real hash to compare against when the email is unknown, at the cost new members' hashes get,
 * so timing does not reveal accounts.
 */
const dummyHashes = new Map<number, Promise<string>>()
export function dummyPasswordHash(cost: number = PASSWORD_HASH_COST): Promise<string> {
  let hash = dummyHashes.get(cost)
  if (!hash) {
    hash = hashPassword(randomBytes(16).toString('hex'), cost)
    dummyHashes.set(cost, hash)
  }
  return hash
}
