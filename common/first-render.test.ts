import { describe, expect, it } from 'vitest'
import {
  firstRenderHints,
  hintAttributes,
  readHintAttributes,
  setFirstRenderHints,
} from './first-render'

/** A dataset as the browser makes it from `#root`'s attributes (`data-ssr-now` → `ssrNow`). */
function datasetOf(attributes: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(attributes).map(([name, value]) => [
      name.replace(/^data-/, '').replace(/-([a-z])/g, (_m, letter: string) => letter.toUpperCase()),
      value,
    ]),
  )
}

describe("the first render's hints (decision 0059)", () => {
  it('come back from the attributes the server wrote exactly as they went', () => {
    for (const hints of [
      { now: 1_795_830_602_565, phone: true, timeZone: 'Europe/Madrid' },
      { now: 0, phone: false, timeZone: 'UTC' },
    ]) {
      const attributes = hintAttributes('es', hints)
      expect(Object.keys(attributes).every((name) => name.startsWith('data-ssr-'))).toBe(true)
      expect(readHintAttributes(datasetOf(attributes))).toEqual({ language: 'es', hints })
    }
  })

  it('are none for the plain shell or a damaged page', () => {
    const whole = datasetOf(hintAttributes('en', { now: 5, phone: false, timeZone: 'UTC' }))
    expect(readHintAttributes({})).toBeUndefined()
    for (const missing of ['ssrNow', 'ssrTz', 'ssrLang']) {
      const rest = { ...whole }
      delete rest[missing]
      expect(readHintAttributes(rest), missing).toBeUndefined()
    }
    expect(readHintAttributes({ ...whole, ssrNow: 'soon' })).toBeUndefined()
    expect(readHintAttributes({ ...whole, ssrPhone: 'yes' })?.hints.phone).toBe(false)
  })

  it('are held for one render and then forgotten', () => {
    const hints = { now: 42, phone: true, timeZone: 'UTC' }
    setFirstRenderHints(hints)
    expect(firstRenderHints()).toBe(hints)
    setFirstRenderHints(undefined)
    expect(firstRenderHints()).toBeUndefined()
  })
})
