/** Prices: the increment bands, the minimum next bid, and what counts as money (integer cents). */
import { MONEY_MAX } from './limits.ts'

/** The minimum raise at a price, by band (docs/product.md §3). */
export function incrementFor(price: number): number {
  if (price < 1_000) return 50
  if (price < 5_000) return 100
  if (price < 20_000) return 500
  if (price < 100_000) return 1_000
  return 2_500
}

/** The least amount the next bid may be: the starting price first, then price + increment. */
export function minNextBid(lot: { startingPrice: number; currentPrice: number | null }): number {
  return lot.currentPrice === null
    ? lot.startingPrice
    : lot.currentPrice + incrementFor(lot.currentPrice)
}

export function isMoney(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 && value <= MONEY_MAX
}
