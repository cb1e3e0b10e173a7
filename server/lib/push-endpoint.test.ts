import { describe, expect, it } from 'vitest'
import { pushEndpointProblem } from './push-endpoint.ts'

/**
 * The allow-list's wildcard entries (decision 0032): `*.push.apple.com` and `*.notify.windows.com`
 * stand for whole labels in front of the listed domain, never for any host that merely ends with
 * the same letters. The route-level refusals (422, nothing stored) are in tests/server/push.test.ts.
 */
const allowed = (endpoint: string, extra: readonly string[] = []) =>
  pushEndpointProblem(endpoint, extra) === null

describe('wildcard hosts of the push allow-list', () => {
  it.each([
    'https://api.push.apple.com/3/device/abc',
    'https://api.sandbox.push.apple.com/3/device/abc',
    'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
  ])('accepts a subdomain: %s', (endpoint) => {
    expect(allowed(endpoint)).toBe(true)
  })

  it.each([
    // Only the letters of the domain: the dot before it belongs to the wildcard.
    'https://evilpush.apple.com/3/device/abc',
    'https://xnotify.windows.com/w/',
    // The domain itself: a wildcard needs at least one label in front.
    'https://push.apple.com/3/device/abc',
    'https://notify.windows.com/w/',
    // The listed domain followed by more labels, or only in the path or query.
    'https://push.apple.com.evil.net/3/device/abc',
    'https://api.push.apple.com.evil.net/3/device/abc',
    'https://evil.net/api.push.apple.com',
    'https://evil.net/?host=api.notify.windows.com',
    // An empty or malformed label in front, or a port the entry does not name.
    'https://a..push.apple.com/x',
    'https://-a.push.apple.com/x',
    'https://api.push.apple.com:8443/3/device/abc',
  ])('refuses a look-alike: %s', (endpoint) => {
    expect(allowed(endpoint)).toBe(false)
  })

  it('applies the same rule to a wildcard in PUSH_ENDPOINT_HOSTS, with its port', () => {
    const extra = ['*.push.example.test:8443']
    expect(allowed('https://eu.push.example.test:8443/send/1', extra)).toBe(true)
    expect(allowed('https://evilpush.example.test:8443/send/1', extra)).toBe(false)
    expect(allowed('https://push.example.test:8443/send/1', extra)).toBe(false)
    expect(allowed('https://eu.push.example.test/send/1', extra)).toBe(false)
    expect(allowed('https://eu.push.example.test:8444/send/1', extra)).toBe(false)
  })

  it('takes `:443` in an entry as the default port the browser leaves out', () => {
    const extra = ['*.push.example.test:443']
    expect(allowed('https://eu.push.example.test/send/1', extra)).toBe(true)
    expect(allowed('https://evilpush.example.test/send/1', extra)).toBe(false)
  })
})
