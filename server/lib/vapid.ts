import { createECDH, ECDH } from 'node:crypto'
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import webpush from 'web-push'

/** The application server's VAPID identity (RFC 8292): a P-256 key pair and a contact. */
export interface VapidKeys {
  /** base64url of the 65-byte uncompressed public point (what the browser's applicationServerKey takes). */
  publicKey: string
  /** base64url of the 32-byte private scalar. */
  privateKey: string
  /** `mailto:` or `https:` contact the push services may use. */
  subject: string
}

/** Local mode's contact: push services only use it to reach an operator, and local has none. */
export const LOCAL_VAPID_SUBJECT = 'mailto:push@lotline.invalid'

const BASE64URL = /^[A-Za-z0-9_-]+$/

/** base64url (no padding) of exactly `bytes` bytes, or undefined. */
export function base64urlBytes(raw: string, bytes: number): Buffer | undefined {
  const trimmed = raw.replace(/=+$/, '')
  if (!BASE64URL.test(trimmed)) return undefined
  const decoded = Buffer.from(trimmed, 'base64url')
  return decoded.length === bytes ? decoded : undefined
}

/** True when `point` is an uncompressed P-256 point that lies on the curve. */
export function isP256Point(point: Buffer): boolean {
  if (point.length !== 65 || point[0] !== 0x04) return false
  try {
    // OpenSSL refuses a point that is not on the curve.
    ECDH.convertKey(point, 'prime256v1', undefined, undefined, 'compressed')
    return true
  } catch {
    return false
  }
}

/** What is wrong with a VAPID key pair, by variable name (empty when it is sound). */
export function vapidProblems(
  keys: { publicKey: string; privateKey: string; subject: string },
  names = {
    publicKey: 'VAPID_PUBLIC_KEY',
    privateKey: 'VAPID_PRIVATE_KEY',
    subject: 'VAPID_SUBJECT',
  },
): string[] {
  const problems: string[] = []
  const pub = base64urlBytes(keys.publicKey, 65)
  if (!pub || !isP256Point(pub)) {
    problems.push(`${names.publicKey} must be base64url of a 65-byte uncompressed P-256 public key`)
  }
  const priv = base64urlBytes(keys.privateKey, 32)
  if (!priv) problems.push(`${names.privateKey} must be base64url of a 32-byte P-256 private key`)
  if (pub && priv && problems.length === 0) {
    if (!publicKeyOf(priv)?.equals(pub)) {
      problems.push(`${names.privateKey} is not the private key of ${names.publicKey}`)
    }
  }
  if (!isVapidSubject(keys.subject)) {
    problems.push(`${names.subject} must be a mailto: address or an https: URL`)
  }
  return problems
}

function publicKeyOf(priv: Buffer): Buffer | undefined {
  try {
    const ecdh = createECDH('prime256v1')
    ecdh.setPrivateKey(priv)
    return ecdh.getPublicKey()
  } catch {
    return undefined
  }
}

function isVapidSubject(subject: string): boolean {
  if (/^mailto:[^\s@]+@[^\s@]+$/.test(subject)) return true
  try {
    const url = new URL(subject)
    return url.protocol === 'https:' && url.hostname !== ''
  } catch {
    return false
  }
}

/**
 * Local mode's key pair: made once with web-push's generateVAPIDKeys and kept in DATA_DIR (readable
 * by this user only), so a subscription made yesterday still works after a restart — a new key
 * would make every push service refuse our pushes to it.
 */
export function localVapidKeys(dataDir: string): VapidKeys {
  const file = join(dataDir, 'vapid-keys.json')
  mkdirSync(dataDir, { recursive: true })
  const generated = webpush.generateVAPIDKeys()
  try {
    // 'wx': two processes starting at once cannot both write; the loser reads the winner's pair.
    writeFileSync(file, JSON.stringify(generated), { mode: 0o600, flag: 'wx' })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  const stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<VapidKeys>
  const keys = {
    publicKey: String(stored.publicKey ?? ''),
    privateKey: String(stored.privateKey ?? ''),
    subject: LOCAL_VAPID_SUBJECT,
  }
  const problems = vapidProblems(keys, {
    publicKey: `${file}: publicKey`,
    privateKey: `${file}: privateKey`,
    subject: 'subject',
  })
  if (problems.length)
    throw new Error(`${problems.join('; ')} (delete the file to make a new pair)`)
  return keys
}
