import { isIP } from 'node:net'

const PROXY_ADDRESS_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal'])

function isProxyAddress(entry: string): boolean {
  if (PROXY_ADDRESS_NAMES.has(entry)) return true
  const [address = '', bits, ...rest] = entry.split('/')
  const version = isIP(address)
  if (version === 0 || rest.length > 0) return false
  if (bits === undefined) return true
  const prefix = Number(bits)
  return /^\d+$/.test(bits) && prefix <= (version === 4 ? 32 : 128)
}

/**
 * TRUST_PROXY: empty/false = no proxy; a number = that many proxies in front (the client is the
 * address the outermost one saw); a list = the proxies' addresses or CIDRs. `true` ("trust every
 * hop") is refused: any client could then name its own address in X-Forwarded-For and reset
 * every per-address limit (decision 0016).
 */
export function parseTrustProxy(
  raw: string | undefined,
  problems: string[],
): false | number | string[] {
  if (raw === undefined || raw.toLowerCase() === 'false' || raw === '0') return false
  if (raw.toLowerCase() === 'true') {
    problems.push(
      'TRUST_PROXY=true would trust every hop, so any client could forge its address in ' +
        'X-Forwarded-For; set the number of reverse proxies in front (e.g. TRUST_PROXY=1) or ' +
        'their addresses (e.g. TRUST_PROXY=10.0.0.5,10.1.0.0/16)',
    )
    return false
  }
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw)
    if (hops <= 10) return hops
    problems.push(`TRUST_PROXY must be a number of proxies from 0 to 10 (got "${raw}")`)
    return false
  }
  const entries = raw.split(',').map((entry) => entry.trim())
  const bad = entries.filter((entry) => !isProxyAddress(entry))
  if (bad.length > 0) {
    problems.push(
      `TRUST_PROXY must be false, a number of proxies, or proxy addresses/CIDRs separated by ` +
        `commas (not valid: ${bad.map((entry) => `"${entry}"`).join(', ')})`,
    )
    return false
  }
  return entries
}
