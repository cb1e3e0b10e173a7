import { describe, expect, it } from 'vitest'
import { alertsState } from './alerts-state'
import { shouldOfferAfterBid } from './ask-rule'
import { pushSupport, type BrowserTraits } from './support'

const chrome: BrowserTraits = {
  serviceWorker: true,
  pushManager: true,
  notification: true,
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0',
  maxTouchPoints: 0,
  standalone: false,
}
const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Version/18.1 Safari/604.1'
const ipad = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Version/18.1 Safari/605.1.15'

describe('can this browser get alerts', () => {
  it('a browser with a worker, push and notifications can', () => {
    expect(pushSupport(chrome)).toBe('supported')
  })
  it('one without push cannot', () => {
    expect(pushSupport({ ...chrome, pushManager: false })).toBe('unsupported')
    expect(pushSupport({ ...chrome, serviceWorker: false })).toBe('unsupported')
    expect(pushSupport({ ...chrome, notification: false })).toBe('unsupported')
  })
  it('iPhone and iPad (which says Macintosh) in a tab: only from the Home Screen', () => {
    const tab = { ...chrome, pushManager: false, notification: false }
    expect(pushSupport({ ...tab, userAgent: iphone, maxTouchPoints: 5 })).toBe('ios-home-screen')
    expect(pushSupport({ ...tab, userAgent: ipad, maxTouchPoints: 5 })).toBe('ios-home-screen')
    // A Mac (no touch) is not an iPad.
    expect(pushSupport({ ...tab, userAgent: ipad, maxTouchPoints: 0 })).toBe('unsupported')
    // Opened from the Home Screen it has push.
    expect(pushSupport({ ...chrome, userAgent: iphone, maxTouchPoints: 5, standalone: true })).toBe(
      'supported',
    )
  })
})

describe('the offer after a bid', () => {
  const ok = {
    support: 'supported' as const,
    configured: true,
    permission: 'default' as const,
    asked: false,
  }
  it('is made when the browser was never asked and push is on', () => {
    expect(shouldOfferAfterBid(ok)).toBe(true)
  })
  it('never after an answer, a denial, a grant, without push or support', () => {
    expect(shouldOfferAfterBid({ ...ok, asked: true })).toBe(false)
    expect(shouldOfferAfterBid({ ...ok, permission: 'denied' })).toBe(false)
    expect(shouldOfferAfterBid({ ...ok, permission: 'granted' })).toBe(false)
    expect(shouldOfferAfterBid({ ...ok, configured: false })).toBe(false)
    expect(shouldOfferAfterBid({ ...ok, support: 'ios-home-screen' })).toBe(false)
    expect(shouldOfferAfterBid({ ...ok, support: 'unsupported' })).toBe(false)
  })
})

describe("Account's alerts state", () => {
  const base = {
    support: 'supported' as const,
    configured: true,
    configFailed: false,
    permission: 'default' as NotificationPermission,
    browser: { checked: true, endpoint: null },
  }
  it('in the order it is decided', () => {
    expect(alertsState({ ...base, support: 'unsupported' })).toBe('unsupported')
    expect(alertsState({ ...base, support: 'ios-home-screen' })).toBe('ios-home-screen')
    expect(alertsState({ ...base, configured: undefined })).toBe('checking')
    expect(alertsState({ ...base, configured: undefined, configFailed: true })).toBe(
      'config-failed',
    )
    expect(alertsState({ ...base, configured: false })).toBe('unconfigured')
    expect(alertsState({ ...base, permission: 'denied' })).toBe('denied')
    expect(alertsState({ ...base, browser: { checked: false, endpoint: null } })).toBe('checking')
    expect(alertsState(base)).toBe('off')
    // Granted but no subscription here (removed, or signed out): off, with the button.
    expect(alertsState({ ...base, permission: 'granted' })).toBe('off')
    const on = {
      ...base,
      permission: 'granted' as const,
      browser: { checked: true, endpoint: 'x' },
    }
    expect(alertsState(on)).toBe('on')
  })
})
