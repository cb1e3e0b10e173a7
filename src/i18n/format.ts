import { numberFormat } from './intl'

const currencyFormat = (currency: string, lang: string) =>
  numberFormat(lang, { style: 'currency', currency })

/**
 * Money is integer minor units (docs/product.md §3). The number of minor digits comes from the
 * currency itself (2 for EUR, 0 for JPY), so 1050 EUR → "€10.50" in en, "10,50 €" in es.
 */
export function formatMoney(minor: number, currency: string, lang: string): string {
  const format = currencyFormat(currency, lang)
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2
  return format.format(minor / 10 ** digits)
}

/**
 * Builds the money formatter ahead of the first price: a browser's first currency format loads
 * its locale data, tens of milliseconds on a slow phone, better spent while the first screen's
 * data is still on its way than inside the render that shows it (decision 0030).
 */
export function prewarmMoney(currency: string, lang: string): void {
  currencyFormat(currency, lang).format(0)
}
