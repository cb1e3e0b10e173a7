import { dateTimeFormat, numberFormat } from '../../i18n/intl'

export function formatDateTime(iso: string, lang: string): string {
  const format = dateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' })
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? '' : format.format(date)
}

/** Minor digits of a currency (2 for EUR, 0 for JPY). */
export function minorDigits(currency: string): number {
  try {
    return (
      numberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2
    )
  } catch {
    return 2
  }
}

/**
 * A typed amount ("25", "25.5", "25,50", "1 000") in minor units, or null when it is not a
 * plain amount with at most the currency's minor digits.
 */
export function parseAmount(input: string, currency: string): number | null {
  const digits = minorDigits(currency)
  const text = input.trim().replace(/[\s\u00a0']/g, '')
  if (!text) return null
  const match = /^(\d{1,9})(?:[.,](\d*))?$/.exec(text)
  if (!match?.[1]) return null
  const fraction = match[2] ?? ''
  if (fraction.length > digits) return null
  return Number(match[1]) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0')
}
