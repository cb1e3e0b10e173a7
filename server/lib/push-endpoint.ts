/**
 * Which push-service endpoints the server will POST to (decision 0032). A subscription's endpoint
 * comes from the browser, so it is hostile input: without this list anyone could make the server
 * send requests to any address it can reach (SSRF). Only the canonical spelling of an https URL on
 * a listed host (and port) is accepted; any other spelling of the same place is refused rather
 * than normalised, so what is stored is what the list allowed.
 */

/** The public push services of the browsers that support Web Push. */
export const PUBLIC_PUSH_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
  '*.push.apple.com',
  '*.notify.windows.com',
] as const

export const PUSH_ENDPOINT_MAX_LENGTH = 2048

/** One label of a host name, lower case (the only spelling we accept). */
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/

function hostAllowed(host: string, allowed: readonly string[]): boolean {
  for (const entry of allowed) {
    // `host:443` and `host` are one place: URL#host leaves the default port out.
    const pattern = entry.endsWith(':443') ? entry.slice(0, -4) : entry
    if (pattern.startsWith('*.')) {
      const suffix = pattern.slice(1)
      if (!host.endsWith(suffix)) continue
      const sub = host.slice(0, -suffix.length)
      // One or more whole labels before the suffix, no port.
      if (sub.split('.').every((label) => LABEL.test(label))) return true
    } else if (host === pattern) return true
  }
  return false
}

/** Null when `raw` is an endpoint we may send to, else why not (for the 422's message). */
export function pushEndpointProblem(raw: string, extraHosts: readonly string[]): string | null {
  if (raw.length > PUSH_ENDPOINT_MAX_LENGTH) return 'is too long'
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return 'is not a URL'
  }
  if (url.protocol !== 'https:') return 'must be an https URL'
  if (url.username !== '' || url.password !== '') return 'must not carry a user name or password'
  if (url.hash !== '') return 'must not have a fragment'
  // Anything the URL parser would rewrite (upper case, a trailing dot kept as written, `:443`,
  // backslashes, percent-encoded host characters, IPv4 in hex…) is not the browser's spelling.
  if (url.href !== raw) return 'must be written the way the browser gives it (canonical URL)'
  if (!hostAllowed(url.host, [...PUBLIC_PUSH_HOSTS, ...extraHosts])) {
    return 'is not on a known push service'
  }
  return null
}
