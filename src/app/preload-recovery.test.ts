import { describe, expect, it, vi } from 'vitest'
import { handlePreloadError, PRELOAD_RELOAD_KEY } from './preload-recovery'

describe('stale chunk recovery (vite:preloadError)', () => {
  const env = (over: Partial<Parameters<typeof handlePreloadError>[1]> = {}) => ({
    online: true,
    now: 1_000_000,
    storage: sessionStorage,
    reload: vi.fn(),
    ...over,
  })

  it('reloads once when online, then not again within the guard window', () => {
    const first = env()
    const event = new Event('vite:preloadError', { cancelable: true })
    expect(handlePreloadError(event, first)).toBe(true)
    expect(first.reload).toHaveBeenCalledOnce()
    expect(event.defaultPrevented).toBe(true)
    expect(sessionStorage.getItem(PRELOAD_RELOAD_KEY)).toBe('1000000')

    const again = env({ now: 1_005_000 })
    expect(handlePreloadError(new Event('vite:preloadError'), again)).toBe(false)
    expect(again.reload).not.toHaveBeenCalled()

    const later = env({ now: 1_020_000 })
    expect(handlePreloadError(new Event('vite:preloadError'), later)).toBe(true)
  })

  it('never reloads while offline (the screen shows why instead)', () => {
    const offline = env({ online: false })
    const event = new Event('vite:preloadError', { cancelable: true })
    expect(handlePreloadError(event, offline)).toBe(false)
    expect(offline.reload).not.toHaveBeenCalled()
    expect(event.defaultPrevented).toBe(false)
  })
})
