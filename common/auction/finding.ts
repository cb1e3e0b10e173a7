/**
 * Finding lots (decision 0026): the categories a seller picks from, the list's sorts, and the
 * price range's spelling. The API's query schema, the lot list's URL and the create form all use
 * these, so a link the client writes is always one the API accepts.
 */
import { parseMoney } from '../money.ts'
import { MONEY_MAX } from './limits.ts'

/** Fixed, so the filter can offer every one (a new category is a release, not a setting). */
export const LOT_CATEGORIES = [
  'art',
  'books',
  'cameras',
  'collectibles',
  'fashion',
  'furniture',
  'home',
  'jewellery_watches',
  'music',
  'toys_games',
  'other',
] as const
export type LotCategory = (typeof LOT_CATEGORIES)[number]

// `includes` finds no string among other types, so no `typeof` check is needed before it.
export const isLotCategory = (value: unknown): value is LotCategory =>
  (LOT_CATEGORIES as readonly unknown[]).includes(value)

/** `ending` (the default): open lots ending soonest, then scheduled starting soonest, then ended. */
export const LOT_SORTS = ['ending', 'newest', 'price_asc', 'price_desc', 'bids'] as const
export type LotSort = (typeof LOT_SORTS)[number]
export const DEFAULT_LOT_SORT: LotSort = 'ending'

export const isLotSort = (value: unknown): value is LotSort =>
  (LOT_SORTS as readonly unknown[]).includes(value)

/**
 * A price limit as the URL spells it: whole euros, or euros and one or two decimals, no sign, no
 * exponent, no spaces, no leading zeros ("10", "10.5", "0.99"). Anything else ("1e3", "-0", " 5",
 * "0x10", "٣") is not a price.
 */
export const PRICE_LIMIT_PATTERN = '^(0|[1-9][0-9]{0,5})(\\.[0-9]{1,2})?$'
const PRICE_LIMIT = new RegExp(PRICE_LIMIT_PATTERN)

/** The largest limit worth asking for: no lot can cost more than `MONEY_MAX`. */
export const PRICE_LIMIT_MAX_EUROS = MONEY_MAX / 100

/**
 * A price limit in cents, or undefined when `raw` is not a price or above `MONEY_MAX`. Read from
 * the digits by the one money parser (common/money.ts), never through floating point ("0.29" is
 * 29 cents, not 28.999…).
 */
export function parsePriceLimit(raw: string): number | undefined {
  if (!PRICE_LIMIT.test(raw)) return undefined
  // The pattern leaves euros with at most two decimals after a dot: always an amount.
  const cents = parseMoney(raw, 'EUR')!
  return cents <= MONEY_MAX ? cents : undefined
}

/** Cents as the URL spells a limit: "10", "10.5", "0.99". */
export function formatPriceLimit(cents: number): string {
  const whole = Math.floor(cents / 100)
  const fraction = cents % 100
  if (fraction === 0) return String(whole)
  return `${whole}.${String(fraction).padStart(2, '0').replace(/0$/, '')}`
}

/** Both limits, when both are given, must leave room for a price: min ≤ max. */
export function priceRangeProblem(min: number | undefined, max: number | undefined) {
  // A limit not given is no limit at all, so it can never be the one out of order.
  return (min ?? -Infinity) > (max ?? Infinity) ? 'Must be at least the minimum price.' : undefined
}
