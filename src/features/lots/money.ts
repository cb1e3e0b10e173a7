/**
 * Parses what a person types as money ("12", "12.5", "12,50", "1.234,50") into integer minor
 * units (cents, docs/product.md §3); null when it is not an amount.
 */
export function parseMoney(input: string, digits = 2): number | null {
  const raw = input.trim().replace(/\s|€|\$|£/g, '')
  if (!raw) return null
  // The last separator followed by 1..digits digits is the decimal one; the others group.
  const match = new RegExp(`^(\\d{1,3}(?:[.,]?\\d{3})*|\\d+)(?:[.,](\\d{1,${digits}}))?$`).exec(raw)
  if (!match) return null
  const whole = Number(match[1]!.replace(/[.,]/g, ''))
  const fraction = (match[2] ?? '').padEnd(digits, '0')
  const value = whole * 10 ** digits + Number(fraction || 0)
  return Number.isSafeInteger(value) ? value : null
}

/** Minor units → a plain input value ("12.50"), no currency symbol or grouping. */
export function toInputValue(minor: number, digits = 2): string {
  return (minor / 10 ** digits).toFixed(digits)
}
