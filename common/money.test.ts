import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatMoney, minorDigits, moneyInputValue, parseMoney, parseSignedMoney } from './money.ts'

// Intl puts a no-break space between a Spanish amount and its sign.
const plain = (s: string) => s.replace(/\s/g, ' ')

describe('minorDigits', () => {
  it.each([
    ['EUR', 2],
    ['USD', 2],
    ['JPY', 0],
    ['KWD', 3],
  ])('%s has %i', (currency, digits) => {
    expect(minorDigits(currency)).toBe(digits)
  })
})

describe('parseMoney: what a person types', () => {
  it.each([
    // Plain, with "." or "," as the decimal point.
    ['12', 1200],
    ['0', 0],
    ['007', 700],
    ['12.5', 1250],
    ['12,5', 1250],
    ['12.50', 1250],
    ['12,05', 1205],
    ['0.29', 29],
    // Grouped thousands, with the other separator as the decimal point.
    ['1.234,50', 123450],
    ['1,234.50', 123450],
    ['1.234.567,8', 123456780],
    ['1,234,567', 123456700],
    ['1 000', 100000],
    ['1 234,5', 123450],
    ['1\u00a0234,5', 123450],
    ['1\u202f234,5', 123450],
    ["1'000.25", 100025],
    ['1’000', 100000],
    // Three digits after a lone separator cannot be cents: thousands.
    ['12.345', 1234500],
    ['12,345', 1234500],
    // The currency's sign, before or after, with or without a space, any case.
    ['€ 80', 8000],
    ['€80', 8000],
    ['80 €', 8000],
    ['80€', 8000],
    ['EUR 80', 8000],
    ['80 eur', 8000],
    ['  12,50  ', 1250],
    [' € 1.000,5 ', 100050],
  ])('EUR %j → %i', (typed, minor) => {
    expect(parseMoney(typed, 'EUR')).toBe(minor)
  })

  it.each([
    '',
    '   ',
    '€',
    'EUR',
    'abc',
    '12abc',
    // No sign: a bid, a price, a top-up is never negative or "plus".
    '-5',
    '+5',
    '−5',
    // Not decimal numerals.
    '1e3',
    '0x10',
    'Infinity',
    'NaN',
    '٣',
    '1_000',
    // A separator first or last, two in a row, or a decimal part grouped again.
    '.5',
    ',5',
    '12.',
    '12,',
    '1..5',
    '1.2.3',
    '1.234.56',
    '1,234,56',
    '1.234,567',
    // "0,500" is no way to write five hundred, and too many decimals for half a euro.
    '0,500',
    '0.500',
    '01.000',
    // More decimals than cents.
    '12.5055',
    '1,2345',
    '0.001',
    // Groups of three only, each the same separator.
    '1 2',
    '10 0',
    '1234.567,8',
    '1.23.456',
    '1 234.567',
    '12345,678',
    // One sign, of this currency, at an end.
    '€€5',
    '€5€',
    '5 € €',
    '1€2',
    '$5',
    '£5',
    'USD 5',
    // Spaces inside a number are grouping, never decimals.
    '12 50',
    // Nothing after the amount but the currency's sign, and no line in between.
    '12,50abc',
    '1\n2,50',
  ])('EUR %j is not an amount', (typed) => {
    expect(parseMoney(typed, 'EUR')).toBeNull()
  })

  it('follows the currency’s minor digits', () => {
    expect(parseMoney('500', 'JPY')).toBe(500)
    expect(parseMoney('¥500', 'JPY')).toBe(500)
    // Yen have no decimals: any digit after a point is too many; three are thousands.
    expect(parseMoney('1.5', 'JPY')).toBeNull()
    expect(parseMoney('1,50', 'JPY')).toBeNull()
    expect(parseMoney('1.000', 'JPY')).toBe(1000)
    expect(parseMoney('1,5', 'KWD')).toBe(1500)
    expect(parseMoney('1.25', 'KWD')).toBe(1250)
    expect(parseMoney('1.2345', 'KWD')).toBeNull()
    // Three decimals or thousands? Refused rather than guessed.
    expect(parseMoney('1.234', 'KWD')).toBeNull()
    expect(parseMoney('1,234', 'KWD')).toBeNull()
    expect(parseMoney('1.234,5', 'KWD')).toBe(1234500)
    expect(parseMoney('1.234.567', 'KWD')).toBe(1234567000)
    expect(parseMoney('0.500', 'KWD')).toBe(500)
  })

  it('takes the currency’s own signs: its symbol, narrow symbol and code', () => {
    expect(parseMoney('$5', 'USD')).toBe(500)
    // As Spanish shows dollars.
    expect(parseMoney('5 US$', 'USD')).toBe(500)
    expect(parseMoney('5 usd', 'USD')).toBe(500)
    // Canadian dollars: "CA$" is the symbol, "$" the narrow one.
    expect(parseMoney('CA$5', 'CAD')).toBe(500)
    expect(parseMoney('$5', 'CAD')).toBe(500)
    expect(parseMoney('€5', 'USD')).toBeNull()
    expect(parseMoney('KWD 1.5', 'KWD')).toBe(1500)
  })

  it('refuses what cannot be counted exactly', () => {
    expect(parseMoney('90071992547409.91', 'EUR')).toBe(Number.MAX_SAFE_INTEGER)
    expect(parseMoney('90071992547409.92', 'EUR')).toBeNull()
    expect(parseMoney('9007199254740991', 'JPY')).toBe(Number.MAX_SAFE_INTEGER)
    expect(parseMoney('9007199254740992', 'JPY')).toBeNull()
    expect(parseMoney('1'.repeat(400), 'EUR')).toBeNull()
  })

  // Three-digit currencies are left out: "KWD 1.234" reads two ways, and is refused (above).
  it('reads back every amount it formats, in every language and currency of 0 or 2 digits', () => {
    const amounts = fc.integer({ min: 0, max: 10 ** 12 })
    const currencies = fc.constantFrom('EUR', 'USD', 'JPY', 'GBP', 'CHF')
    const langs = fc.constantFrom('en', 'es', 'de', 'de-CH')
    fc.assert(
      fc.property(amounts, currencies, langs, fc.boolean(), (minor, currency, lang, short) => {
        const shown = formatMoney(minor, currency, lang, { short })
        expect(parseMoney(shown, currency), shown).toBe(minor)
        expect(parseMoney(moneyInputValue(minor, currency), currency)).toBe(minor)
      }),
    )
  })
})

describe('parseSignedMoney: a credit or a debit', () => {
  it.each([
    ['25', 2500],
    ['-7.5', -750],
    ['-7,50', -750],
    [' - 7.50', -750],
    ['−7.50', -750],
    ['-€7.50', -750],
    ['-0', 0],
  ])('%j → %i', (typed, minor) => {
    expect(parseSignedMoney(typed, 'EUR')).toBe(minor)
  })

  it.each(['--5', '-', '5-', '+5', '€-5', '-abc', ''])('%j is not an amount', (typed) => {
    expect(parseSignedMoney(typed, 'EUR')).toBeNull()
  })
})

describe('formatMoney', () => {
  it('writes minor units in the currency and language', () => {
    expect(formatMoney(1_050, 'EUR', 'en')).toBe('€10.50')
    expect(plain(formatMoney(1_050, 'EUR', 'es'))).toBe('10,50 €')
    expect(formatMoney(46_000, 'EUR', 'en')).toBe('€460.00')
    expect(formatMoney(500, 'JPY', 'en')).toBe('¥500')
    expect(plain(formatMoney(1_250, 'KWD', 'en'))).toBe('KWD 1.250')
    expect(formatMoney(123_456_789, 'USD', 'en')).toBe('$1,234,567.89')
  })

  it('short: drops the minor digits of a whole amount and keeps them otherwise', () => {
    expect(formatMoney(46_000, 'EUR', 'en', { short: true })).toBe('€460')
    expect(formatMoney(1_050, 'EUR', 'en', { short: true })).toBe('€10.50')
    expect(formatMoney(1_005, 'EUR', 'en', { short: true })).toBe('€10.05')
    expect(plain(formatMoney(46_000, 'EUR', 'es', { short: true }))).toBe('460 €')
    expect(plain(formatMoney(1_050, 'EUR', 'es', { short: true }))).toBe('10,50 €')
    expect(formatMoney(460, 'JPY', 'en', { short: true })).toBe('¥460')
    expect(formatMoney(46_001, 'USD', 'en', { short: true })).toBe('$460.01')
    expect(formatMoney(46_000, 'EUR', 'en', { short: false })).toBe('€460.00')
  })

  it('keeps language, currency and shortness apart in its cached formats', () => {
    // Each call reuses a cached format if one fits: a key missing any part would answer wrongly.
    expect(formatMoney(1_200, 'EUR', 'en', { short: true })).toBe('€12')
    expect(formatMoney(1_200, 'EUR', 'en')).toBe('€12.00')
    expect(formatMoney(1_234, 'EUR', 'en')).toBe('€12.34')
    expect(plain(formatMoney(1_234, 'EUR', 'es'))).toBe('12,34 €')
    expect(formatMoney(1_234, 'USD', 'en')).toBe('$12.34')
    expect(formatMoney(1_234, 'EUR', 'en')).toBe('€12.34')
  })
})

describe('moneyInputValue', () => {
  it('writes an input’s plain value: a dot, all the minor digits, no sign or grouping', () => {
    expect(moneyInputValue(1_250, 'EUR')).toBe('12.50')
    expect(moneyInputValue(123_456, 'EUR')).toBe('1234.56')
    expect(moneyInputValue(5, 'EUR')).toBe('0.05')
    expect(moneyInputValue(500, 'JPY')).toBe('500')
    expect(moneyInputValue(1_250, 'KWD')).toBe('1.250')
  })
})
