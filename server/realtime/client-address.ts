/**
 * Whose address a socket is, for the per-address connection cap. The rule is the API's
 * (TRUST_PROXY, docs/decisions/0016-proxy-trust-and-sign-in-limits.md), restated here because
 * the service imports nothing from the app: with no trusted proxy the peer is the client; with N
 * proxies (or a list of proxy addresses) `X-Forwarded-For` is read from the right, one trusted
 * hop at a time, and the client is the first address no trusted proxy vouches for. Whatever a
 * client writes further left is never read.
 */
import { BlockList, isIP, isIPv4, isIPv6 } from 'node:net'

/** `false`: no proxy; a number: that many proxies in front; a list: their addresses or CIDRs. */
export type TrustProxy = false | number | string[]

/** proxy-addr's named ranges, which TRUST_PROXY accepts too. */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
}

/** Is the hop at `index` (0 = the socket's peer) a proxy we believe? */
export type TrustHop = (address: string, index: number) => boolean

/** Throws on an entry that is neither a name, an address nor a CIDR (options are checked at start). */
export function compileTrust(trust: TrustProxy): TrustHop {
  if (trust === false) return () => false
  if (typeof trust === 'number') return (_address, index) => index < trust
  const list = new BlockList()
  for (const entry of trust.flatMap((e) => NAMED_RANGES[e] ?? [e])) {
    const [address = '', bits] = entry.split('/')
    const family = isIP(address)
    if (family === 0) throw new Error(`trustProxy: not an address or CIDR: "${entry}"`)
    const type = family === 4 ? 'ipv4' : 'ipv6'
    if (bits === undefined) list.addAddress(address, type)
    else list.addSubnet(address, Number(bits), type)
  }
  return (address) => {
    const family = isIP(address)
    return family !== 0 && list.check(address, family === 4 ? 'ipv4' : 'ipv6')
  }
}

/**
 * TRUST_PROXY as the API reads it (server/config.ts): empty, `false` or `0` none, a number of
 * proxies up to 10, or addresses/CIDRs separated by commas. `true` ("trust every hop") throws:
 * any client could then name its own address.
 */
export function trustProxyFromEnv(raw: string | undefined): TrustProxy {
  const value = raw?.trim() ?? ''
  if (value === '' || value.toLowerCase() === 'false' || value === '0') return false
  if (value.toLowerCase() === 'true') {
    throw new Error(
      'TRUST_PROXY=true would trust every hop, so any client could forge its address in ' +
        'X-Forwarded-For; set the number of reverse proxies in front (e.g. TRUST_PROXY=1) or ' +
        'their addresses (e.g. TRUST_PROXY=10.0.0.5,10.1.0.0/16)',
    )
  }
  if (/^\d+$/.test(value)) {
    if (Number(value) <= 10) return Number(value)
    throw new Error(`TRUST_PROXY must be a number of proxies from 0 to 10 (got "${value}")`)
  }
  const entries = value.split(',').map((entry) => entry.trim())
  compileTrust(entries)
  return entries
}

/** The client's address: the peer, or the nearest `X-Forwarded-For` entry no trusted hop vouches for. */
export function clientAddress(
  peer: string,
  forwardedFor: string | string[] | undefined,
  trust: TrustHop,
): string {
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? '')
  const hops = header
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .reverse()
  let address = peer
  for (let index = 0; index < hops.length && trust(address, index); index++) {
    address = hops[index]!
  }
  return address
}

/**
 * The key an address is counted under: IPv4 as is (also when IPv4-mapped), IPv6 by its /64,
 * which one subscriber usually holds whole (as the API's limits count, decision 0016).
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped) return mapped[1]!
  if (isIPv4(address) || !isIPv6(address)) return address
  return `${expandIPv6(address).slice(0, 4).join(':')}::/64`
}

function expandIPv6(address: string): string[] {
  const [head = '', tail] = address.split('%')[0]!.toLowerCase().split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const zeros = Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0')
  const groups = tail === undefined ? left : [...left, ...zeros, ...right]
  return groups.map((group) => group.replace(/^0+(?=.)/, ''))
}
