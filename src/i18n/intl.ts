/**
 * Intl objects, built once per language and options and reused. Building one loads locale data
 * (a millisecond or more each on a slow phone, ×4 under Lighthouse's CPU throttling); a list of
 * twenty cards re-rendering every second used to build dozens per tick — a plural rule for each
 * "N bids", a date format for each saved end time (decision 0030).
 */
const cache = new Map<string, unknown>()

function cached<T>(kind: string, lang: string, options: object, make: () => T): T {
  const key = `${kind}|${lang}|${JSON.stringify(options)}`
  let value = cache.get(key) as T | undefined
  if (value === undefined) {
    value = make()
    cache.set(key, value)
  }
  return value
}

export const dateTimeFormat = (lang: string, options: Intl.DateTimeFormatOptions = {}) =>
  cached('dt', lang, options, () => new Intl.DateTimeFormat(lang, options))

export const numberFormat = (lang: string, options: Intl.NumberFormatOptions = {}) =>
  cached('n', lang, options, () => new Intl.NumberFormat(lang, options))

export const relativeTimeFormat = (lang: string, options: Intl.RelativeTimeFormatOptions = {}) =>
  cached('rt', lang, options, () => new Intl.RelativeTimeFormat(lang, options))

export const pluralRules = (lang: string) =>
  cached('pl', lang, {}, () => new Intl.PluralRules(lang))
