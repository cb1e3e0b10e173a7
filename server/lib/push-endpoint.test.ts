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

/** What the 422 says (`endpoint` + this), so a developer knows what their browser sent wrong. */
describe('why an endpoint is refused', () => {
  const apple = 'https://api.push.apple.com/3/device/'
  it.each([
    [`${apple}${'a'.repeat(2049 - apple.length)}`, 'is too long'],
    ['not a url', 'is not a URL'],
    ['http://fcm.googleapis.com/fcm/send/abc', 'must be an https URL'],
    ['https://user@fcm.googleapis.com/fcm/send/abc', 'must not carry a user name or password'],
    ['https://:secret@fcm.googleapis.com/fcm/send/abc', 'must not carry a user name or password'],
    ['https://fcm.googleapis.com/fcm/send/abc#x', 'must not have a fragment'],
    [
      'https://FCM.googleapis.com/fcm/send/abc',
      'must be written the way the browser gives it (canonical URL)',
    ],
    [
      'https://fcm.googleapis.com:443/fcm/send/abc',
      'must be written the way the browser gives it (canonical URL)',
    ],
    ['https://push.example.test/send/1', 'is not on a known push service'],
    ['https://fcm.googleapis.com.evil.net/fcm/send/abc', 'is not on a known push service'],
  ])('%s: %s', (endpoint, problem) => {
    expect(pushEndpointProblem(endpoint, [])).toBe(problem)
  })

  it('accepts an endpoint of exactly the longest length', () => {
    const endpoint = `${apple}${'a'.repeat(2048 - apple.length)}`
    expect(endpoint).toHaveLength(2048)
    expect(pushEndpointProblem(endpoint, [])).toBeNull()
  })
})

describe('the hosts on the list', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/abc',
    'https://updates.push.services.mozilla.com/wpush/v2/abc',
    'https://web.push.apple.com/QGx',
    'https://a.push.apple.com/3/device/abc',
    'https://db5p.notify.windows.com/w/?token=x',
  ])('accepts the public push service %s', (endpoint) => {
    expect(pushEndpointProblem(endpoint, [])).toBeNull()
  })

  it('accepts an extra host of PUSH_ENDPOINT_HOSTS exactly, with or without `:443`', () => {
    expect(
      pushEndpointProblem('https://push.example.test/send/1', ['push.example.test']),
    ).toBeNull()
    expect(
      pushEndpointProblem('https://push.example.test/send/1', ['push.example.test:443']),
    ).toBeNull()
    expect(
      pushEndpointProblem('https://push.example.test:8443/send/1', ['push.example.test:8443']),
    ).toBeNull()
    expect(pushEndpointProblem('https://eu.push.example.test/send/1', ['push.example.test'])).toBe(
      'is not on a known push service',
    )
    expect(
      pushEndpointProblem('https://push.example.test:8443/send/1', ['push.example.test']),
    ).toBe('is not on a known push service')
  })

  it('takes each label in front of a wildcard as one DNS label: 1 to 63 letters, digits or inner hyphens', () => {
    const wild = (sub: string) => allowed(`https://${sub}.push.apple.com/x`)
    expect(wild('a')).toBe(true)
    expect(wild('a1-b2')).toBe(true)
    expect(wild('a.b.c')).toBe(true)
    expect(wild('x'.repeat(63))).toBe(true)
    expect(wild('x'.repeat(64))).toBe(false)
    expect(wild('a-')).toBe(false)
    expect(wild('a_b')).toBe(false)
    expect(wild('a.b_c')).toBe(false)
    expect(wild('a_.b')).toBe(false)
  })
})
