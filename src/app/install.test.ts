import { afterEach, describe, expect, it, vi } from 'vitest'
import { currentOffer, dismissInstall, isIosSafari, promptInstall } from './install'
import { captureInstallPrompt } from './install-capture'

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1'
const IPHONE_CHROME = IPHONE_SAFARI.replace('Version/18.0', 'CriOS/130.0')
const MAC_SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15'
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36'

describe('install offer', () => {
  afterEach(() => localStorage.clear())

  it('gives iPhone Safari instructions, not other iOS browsers, desktops or Android', () => {
    expect(isIosSafari(IPHONE_SAFARI, 5)).toBe(true)
    expect(isIosSafari(MAC_SAFARI, 5)).toBe(true) // iPadOS presents itself as a Mac with touch
    expect(isIosSafari(MAC_SAFARI, 0)).toBe(false)
    expect(isIosSafari(IPHONE_CHROME, 5)).toBe(false)
    expect(isIosSafari(ANDROID_CHROME, 5)).toBe(false)
  })

  it('offers the browser prompt once it is allowed, and never again after "Not now"', async () => {
    captureInstallPrompt()
    expect(currentOffer()).toBe('none')
    const prompt = vi.fn(async () => {})
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt,
      userChoice: Promise.resolve({ outcome: 'dismissed' as const }),
    })
    window.dispatchEvent(event)
    expect(event.defaultPrevented).toBe(true) // no mini-infobar beside our own offer
    expect(currentOffer()).toBe('prompt')
    await promptInstall()
    expect(prompt).toHaveBeenCalledOnce()
    expect(currentOffer()).toBe('none') // the event is spent
    window.dispatchEvent(event)
    dismissInstall()
    expect(currentOffer()).toBe('none')
  })
})
