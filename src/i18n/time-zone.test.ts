import { afterEach, describe, expect, it, vi } from 'vitest'
import { TIME_ZONE_COOKIE } from '../../common/first-render'

const cookieName = `${TIME_ZONE_COOKIE}=`
const zoneCookie = () =>
  document.cookie
    .split('; ')
    .find((part) => part.startsWith(cookieName))
    ?.slice(cookieName.length)

afterEach(() => {
  document.cookie = `${TIME_ZONE_COOKIE}=; path=/; max-age=0`
  vi.restoreAllMocks()
  vi.resetModules()
})

describe('the browser time zone', () => {
  it('is taken from the warm-up worker: the page builds no date format to learn it', async () => {
    const { knowTimeZone, rememberTimeZone } = await import('./time-zone')
    const built = vi.spyOn(Intl, 'DateTimeFormat')
    knowTimeZone('Pacific/Auckland')
    rememberTimeZone()
    expect(decodeURIComponent(zoneCookie() ?? '')).toBe('Pacific/Auckland')
    expect(built).not.toHaveBeenCalled()
  })

  it('is worked out by the page when the worker could not tell it', async () => {
    const { knowTimeZone, rememberTimeZone } = await import('./time-zone')
    knowTimeZone('')
    knowTimeZone(undefined)
    rememberTimeZone()
    expect(decodeURIComponent(zoneCookie() ?? '')).toBe(
      new Intl.DateTimeFormat().resolvedOptions().timeZone,
    )
  })
})
