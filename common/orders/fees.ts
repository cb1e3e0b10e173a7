/**
 * What a sale costs and pays (decision 0051): the hammer price plus the buyer's premium and the
 * shipping is what the buyer pays; the hammer price minus the seller's fee plus the shipping is
 * what the seller receives; the premium and the fee go to the house. Money is integer minor units;
 * rates are basis points (hundredths of a percent), so 5.25 % is 525 and no float touches money.
 */

/** `BUYER_PREMIUM_PERCENT` and `SELLER_FEE_PERCENT` go from 0 to 50 %. */
export const FEE_PERCENT_MAX = 50
const BASIS_POINTS_PER_PERCENT = 100
const BASIS_POINTS_WHOLE = 100 * BASIS_POINTS_PER_PERCENT

/** A deployment's rates, in basis points. */
export interface FeeRates {
  buyerPremiumBasisPoints: number
  sellerFeeBasisPoints: number
}

export const NO_FEES: FeeRates = { buyerPremiumBasisPoints: 0, sellerFeeBasisPoints: 0 }

/** "5", "5.5" or "5.25" (0 to 50, at most two decimals) as basis points; undefined otherwise. */
export function parseFeePercent(raw: string): number | undefined {
  const match = /^(0|[1-9][0-9]?)(?:\.([0-9]{1,2}))?$/.exec(raw)
  if (!match) return undefined
  const basisPoints =
    Number(match[1]) * BASIS_POINTS_PER_PERCENT + Number((match[2] ?? '').padEnd(2, '0'))
  return basisPoints <= FEE_PERCENT_MAX * BASIS_POINTS_PER_PERCENT ? basisPoints : undefined
}

/** Basis points as the percent `/api/config` publishes (525 → 5.25). */
export const percentOf = (basisPoints: number) => basisPoints / BASIS_POINTS_PER_PERCENT

/** The published percent back to basis points (5.25 → 525; exact for two decimals). */
export const basisPointsOf = (percent: number) => Math.round(percent * BASIS_POINTS_PER_PERCENT)

/**
 * A share of an amount, rounded down to the minor unit: every fee rounds in the member's favour,
 * the house never takes a fraction of a cent more than its rate.
 */
const shareOf = (amount: number, basisPoints: number) =>
  Math.floor((amount * basisPoints) / BASIS_POINTS_WHOLE)

export interface SaleAmounts {
  hammer: number
  /** The buyer's premium on the hammer price. */
  premium: number
  shipping: number
  /** hammer + premium + shipping: what the buyer pays, and what a winning maximum must cover. */
  buyerTotal: number
  /** The seller's fee on the hammer price. */
  sellerFee: number
  /** hammer − fee + shipping: what the seller receives when the order completes. */
  sellerProceeds: number
  /** premium + fee: buyerTotal − sellerProceeds, credited to the house account. */
  houseTake: number
}

/** The whole split of one sale; `shipping` is 0 for pickup. */
export function saleAmounts(hammer: number, shipping: number, rates: FeeRates): SaleAmounts {
  const premium = shareOf(hammer, rates.buyerPremiumBasisPoints)
  const sellerFee = shareOf(hammer, rates.sellerFeeBasisPoints)
  return {
    hammer,
    premium,
    shipping,
    buyerTotal: hammer + premium + shipping,
    sellerFee,
    sellerProceeds: hammer - sellerFee + shipping,
    houseTake: premium + sellerFee,
  }
}

/**
 * What a bidder would pay if their maximum became the hammer price: the hold on a maximum, so a
 * winner can always pay (decision 0051). Never less for a higher maximum.
 */
export const buyerTotalAt = (maxAmount: number, shipping: number, rates: FeeRates) =>
  saleAmounts(maxAmount, shipping, rates).buyerTotal
