import { vapidProblems, type VapidKeys } from '../lib/vapid.ts'
import type { EnvReader } from './env-reader.ts'

/** Web Push (decision 0032). */
export interface PushConfig {
  /** WEB_PUSH=off turns it off: no subscriptions, `push: null` in /api/config, nothing sent. */
  enabled: boolean
  /** From VAPID_*; undefined in local mode without them (a pair kept under DATA_DIR is used). */
  vapid: VapidKeys | undefined
  /** PUSH_ENDPOINT_HOSTS: push services allowed beside the public ones, as `host[:port]`. */
  endpointHosts: string[]
}

/**
 * WEB_PUSH (on by default), the VAPID key pair and PUSH_ENDPOINT_HOSTS. Production with push on
 * needs all three VAPID_* (a generated pair would change with every deploy and every node, and the
 * push services would refuse our pushes to the subscriptions made with the old one); local mode
 * may leave them out and gets a pair kept under DATA_DIR (server/lib/vapid.ts).
 */
export function parsePush(
  { str, oneOf }: EnvReader,
  production: boolean,
  problems: string[],
): PushConfig {
  const enabled = oneOf('WEB_PUSH', ['on', 'off'] as const, 'on') === 'on'
  const names = ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'] as const
  const [publicKey, privateKey, subject] = names.map((name) => str(name))
  const endpointHosts: string[] = []
  for (const entry of (str('PUSH_ENDPOINT_HOSTS') ?? '').split(',')) {
    const host = entry.trim()
    if (!host) continue
    if (!isHostAndPort(host)) {
      problems.push(
        `PUSH_ENDPOINT_HOSTS must be host[:port] entries separated by commas, in lower case (not valid: "${host}")`,
      )
    } else endpointHosts.push(host)
  }
  if (!enabled) return { enabled, vapid: undefined, endpointHosts }
  const given = names.filter((_, i) => [publicKey, privateKey, subject][i] !== undefined)
  if (given.length === 0 && !production) return { enabled, vapid: undefined, endpointHosts }
  if (given.length < names.length) {
    const missing = names.filter((name) => !given.includes(name))
    problems.push(
      `${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} required ${production ? 'in production ' : ''}` +
        'with WEB_PUSH on (make a pair with `npx web-push generate-vapid-keys`, or set WEB_PUSH=off)',
    )
    return { enabled, vapid: undefined, endpointHosts }
  }
  const vapid = { publicKey: publicKey!, privateKey: privateKey!, subject: subject! }
  const bad = vapidProblems(vapid)
  problems.push(...bad)
  return { enabled, vapid: bad.length ? undefined : vapid, endpointHosts }
}

/** `push.example.com` or `127.0.0.1:8443`: a lower-case host name or IPv4 address, an optional port. */
function isHostAndPort(entry: string): boolean {
  const match = /^([a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::(\d{1,5}))?$/.exec(entry)
  if (!match) return false
  return match[2] === undefined || (Number(match[2]) >= 1 && Number(match[2]) <= 65535)
}
