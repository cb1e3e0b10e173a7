import { describe, expect, it } from 'vitest'
import { isAppNavigation, networkOnlyPatterns } from './routes'

describe('service worker navigation routing', () => {
  for (const base of ['/', '/lotline/']) {
    const scope = new URL(`https://app.example${base}`)
    const at = (path: string) => new URL(`https://app.example${base}${path}`)

    it(`serves the shell for app routes under ${base}`, () => {
      for (const p of ['', 'lots/42', 'wallet/top-up', 'sign-in?next=%2Faccount', 'me/bids']) {
        expect(isAppNavigation(at(p), scope), p).toBe(true)
      }
    })

    it(`leaves server-owned and file paths to the network under ${base}`, () => {
      for (const p of [
        'api/me',
        'api',
        'api/stripe/webhook',
        'broadcasting/auth',
        'health',
        'metrics',
        'uploads/lot-1.jpg',
        'sw.js',
        'manifest.webmanifest',
        'robots.txt',
        'icons/icon-192.png',
      ]) {
        expect(isAppNavigation(at(p), scope), p).toBe(false)
      }
    })
  }

  it('never handles cross-origin navigations (Stripe, real-time host)', () => {
    const scope = new URL('https://app.example/')
    expect(isAppNavigation(new URL('https://js.stripe.com/v3/'), scope)).toBe(false)
    expect(isAppNavigation(new URL('http://app.example:6001/app/key'), scope)).toBe(false)
  })

  it('ignores paths outside the scope', () => {
    const scope = new URL('https://app.example/lotline/')
    expect(isAppNavigation(new URL('https://app.example/other/page'), scope)).toBe(false)
  })

  it('does not mistake a route that merely starts like a server path', () => {
    const scope = new URL('https://app.example/')
    expect(isAppNavigation(new URL('https://app.example/apiary'), scope)).toBe(true)
    expect(isAppNavigation(new URL('https://app.example/healthy-lots'), scope)).toBe(true)
  })
})

describe('lot pictures', () => {
  it('are the same-origin files under the scope’s uploads/, nothing else', async () => {
    const { isLotImage } = await import('./routes')
    const scope = new URL('https://lotline.example/app/')
    expect(isLotImage(new URL('https://lotline.example/app/uploads/lots/a-1.png'), scope)).toBe(
      true,
    )
    expect(isLotImage(new URL('https://lotline.example/uploads/lots/a-1.png'), scope)).toBe(false)
    expect(isLotImage(new URL('https://evil.example/app/uploads/lots/a-1.png'), scope)).toBe(false)
    expect(isLotImage(new URL('https://lotline.example/app/api/lots'), scope)).toBe(false)
  })
})

describe('networkOnlyPatterns', () => {
  it('covers the API, channel auth and health under the scope, on its origin, with any query', () => {
    const patterns = networkOnlyPatterns(new URL('https://auctions.example:8443/lotline/'))
    expect(patterns.map((p) => p.pathname)).toEqual([
      '/lotline/api{/*}?',
      '/lotline/broadcasting{/*}?',
      '/lotline/health{/*}?',
      '/lotline/metrics{/*}?',
    ])
    for (const p of patterns) {
      expect(p).toMatchObject({
        protocol: 'https',
        hostname: 'auctions.example',
        port: '8443',
        search: '*',
        hash: '*',
      })
    }
  })
})
