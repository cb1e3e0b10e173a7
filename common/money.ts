/**
 * Money, in one place: amounts are integer minor units (cents for EUR, yen for JPY;
 * docs/product.md §3). This module knows a currency's minor digits, reads what a person types
 * into minor units, and writes minor units back for people. The client's forms, the lot list's
 * price filter, the API's price limits and the push texts all use it (docs/architecture.md).
 */

/**
 * Intl formats are costly to build (a push fan-out formats one amount per device; a form parses
 * on every keystroke): each is built once, and what is read from them too.
 */
function once<T>(cache: Map<string, T>, key: string, make: () => T): T {
  let value = cache.get(key)
  // Stryker disable next-line ConditionalExpression: equivalent — the cache only saves the building
  if (value === undefined) {
    value = make()
    // Stryker disable next-line all: equivalent — the cache only saves the building
    cache.set(key, value)
  }
  return value
}

const formats = new Map<string, Intl.NumberFormat>()

function currencyFormat(currency: string, lang: string, whole: boolean): Intl.NumberFormat {
  return once(
    formats,
    `${lang}|${currency}|${whole}`,
    () =>
      new Intl.NumberFormat(lang, {
        style: 'currency',
        currency,
        ...(whole ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}),
      }),
  )
}

/** Digits after the decimal point, as Intl knows the currency: EUR 2, JPY 0, KWD 3. */
export function minorDigits(currency: string): number {
  // Typed optional; a currency format always resolves it.
  return currencyFormat(currency, 'en', false).resolvedOptions().maximumFractionDigits ?? 2
}

/**
 * Minor units as people read them in `lang` ("€10.50", "10,50 €", "¥500"). `short` leaves out
 * the minor digits of a whole amount ("€460", never "€460.00"), so a notification stays short.
 */
export function formatMoney(
  minor: number,
  currency: string,
  lang: string,
  { short = false }: { short?: boolean } = {},
): string {
  const value = minor / 10 ** minorDigits(currency)
  return currencyFormat(currency, lang, short && Number.isInteger(value)).format(value)
}

/** Minor units as an input's plain value ("12.50", "500"): no symbol, no grouping. */
export function moneyInputValue(minor: number, currency: string): string {
  const digits = minorDigits(currency)
  return (minor / 10 ** digits).toFixed(digits)
}

/**
 * The digits of a whole amount, plain ("1234") or with its thousands grouped by one separator:
 * "." or ",", spaces of every kind or apostrophes ("1.234", "1 000", "1'000"); else null. A first
 * group of 0 never starts thousands: "0,500" is not five hundred. (The patterns live in the
 * function, not the module, so that mutation testing runs their mutants; docs/testing.md.)
 */
function wholeDigits(text: string): string | null {
  if (/^\d+$/.test(text)) return text
  return /^[1-9]\d{0,2}([.,\s'’])\d{3}(?:\1\d{3})*$/.test(text) ? text.replace(/\D/g, '') : null
}

const signs = new Map<string, string[]>()

/** The currency's own signs a person may type around an amount: "€", "US$" and "$", "EUR". */
function currencySigns(currency: string): string[] {
  // The languages the app shows amounts in (src/i18n): a person types the signs they read.
  return once(signs, currency, () =>
    ['en', 'es']
      .flatMap((lang) =>
        (['symbol', 'narrowSymbol'] as const).flatMap((currencyDisplay) =>
          new Intl.NumberFormat(lang, { style: 'currency', currency, currencyDisplay })
            .formatToParts(0)
            .filter((part) => part.type === 'currency')
            .map((part) => part.value),
        ),
      )
      .concat(currency)
      // Longest first: "US$" is one sign, not "US" before "$".
      .sort((a, b) => b.length - a.length),
  )
}

/** `text` without one sign of the currency before or after it (any case), trimmed. */
function withoutSign(text: string, currency: string): string {
  const lower = text.toLowerCase()
  for (const sign of currencySigns(currency).map((s) => s.toLowerCase())) {
    if (lower.startsWith(sign)) return text.slice(sign.length).trim()
    if (lower.endsWith(sign)) return text.slice(0, -sign.length).trim()
  }
  return text
}

/**
 * The minor units' digits when the last "." or "," is the decimal point ("1.234,5" → "123450"),
 * or null: no digits after it, more than the currency has, or the whole part groups with it too.
 */
function decimalReading(text: string, digits: number): string | null {
  const split = /^(.*)([.,])(\d+)$/.exec(text)
  if (!split) return null
  const [, head, point, fraction] = split as unknown as [string, string, string, string]
  if (head.includes(point) || fraction.length > digits) return null
  const whole = wholeDigits(head)
  return whole && whole + fraction.padEnd(digits, '0')
}

/**
 * What a person types as an amount, in minor units; null when it is not one. Accepted: digits
 * with "." or "," as the decimal point ("12.5", "12,50"), thousands grouped by one separator
 * ("1.234,50", "1,234.50", "1 000", "1'000"; "12.345" is twelve thousand in a two-digit
 * currency), and one sign of the currency before or after ("€ 80", "80 EUR"). Refused: a plus or
 * minus, exponent, hexadecimal, other scripts' digits, a separator first or last, more decimals
 * than the currency has ("1,5" in JPY), and a spelling that reads two ways ("1.234" in a
 * three-digit currency: 1234 or 1.234).
 */
export function parseMoney(input: string, currency: string): number | null {
  const text = withoutSign(input.trim(), currency)
  const digits = minorDigits(currency)
  const decimal = decimalReading(text, digits)
  const whole = wholeDigits(text)
  // Both readings valid, or neither: not an amount.
  if ((decimal === null) === (whole === null)) return null
  const value = Number(decimal ?? `${whole}${'0'.repeat(digits)}`)
  return Number.isSafeInteger(value) ? value : null
}

/** As `parseMoney`, with a leading minus ("-7.50", "− €7.50") for a debit. */
export function parseSignedMoney(input: string, currency: string): number | null {
  const text = input.trim()
  const debit = text.startsWith('-') || text.startsWith('−')
  const amount = parseMoney(debit ? text.slice(1) : text, currency)
  if (amount === null || !debit) return amount
  // 0 - x, not -x: "-0" is zero, not negative zero.
  return 0 - amount
}
