/**
 * What the server assumed when it rendered a first screen as HTML (decision 0059), written on
 * `#root` so that the browser's hydration assumes exactly the same and draws the same markup.
 */
export interface FirstRenderHints {
  /** Server time of the render, ms since the epoch (countdowns). */
  now: number
  /** Rendered for a phone-sized screen (the room's bid bar layout). */
  phone: boolean
  /** IANA zone that clock times were written in. */
  timeZone: string
}

/** The cookie the app keeps the reader's time zone in for the server's next render. */
export const TIME_ZONE_COOKIE = 'lotline_tz'

/** `#root`'s attributes for a rendered screen: its language and hints (read back in src/main.tsx). */
export function hintAttributes(language: string, hints: FirstRenderHints): Record<string, string> {
  return {
    'data-ssr-lang': language,
    'data-ssr-now': String(hints.now),
    'data-ssr-phone': hints.phone ? '1' : '0',
    'data-ssr-tz': hints.timeZone,
  }
}

/** The language and hints a rendered `#root`'s dataset carries; undefined for the plain shell. */
export function readHintAttributes(
  dataset: Record<string, string | undefined>,
): { language: string; hints: FirstRenderHints } | undefined {
  const now = Number(dataset.ssrNow)
  const { ssrTz: timeZone, ssrLang: language } = dataset
  if (!Number.isFinite(now) || !timeZone || !language) return undefined
  return { language, hints: { now, phone: dataset.ssrPhone === '1', timeZone } }
}

/**
 * The hints of the render under way: set by the server's renderer for each render
 * (src/entry-server.tsx) and by the browser from the page before it hydrates (src/main.tsx). Only
 * hydration reads them, as React's server snapshot: every later render uses the browser's own
 * clock, width and zone.
 */
let current: FirstRenderHints | undefined

export function setFirstRenderHints(value: FirstRenderHints | undefined): void {
  current = value
}

export function firstRenderHints(): FirstRenderHints | undefined {
  return current
}
