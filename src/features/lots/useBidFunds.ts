import { useRuntimeConfig } from '../../api/config'
import { useWallet } from '../wallet'
import { fundsFor, type BidFunds } from './bid-plan'
import type { LotDetail } from '../../../common/auction'
import type { RuntimeConfig } from '../../../common/config'
import { shippingCharged } from '../../../common/orders/delivery'
import { basisPointsOf, NO_FEES, saleAmounts, type FeeRates } from '../../../common/orders/fees'

export interface BidFundsView {
  /** What a bid committing `commit` does to the wallet; null while the wallet is unknown. */
  fundsFor: (commit: number) => BidFunds | null
  /**
   * What the bidder pays if `amount` becomes the price — with the premium, and the shipping apart
   * — or null when neither applies (the bid is all they pay).
   */
  youPay: (amount: number) => { total: number; shipping: number } | null
  /** Card payments are on (the runtime config has a Stripe publishable key). */
  canTopUp: boolean
}

/** The deployment's fees from `/api/config`; none in a config saved before fees existed. */
export function feesOf(config: RuntimeConfig | undefined): FeeRates {
  const fees = config?.fees
  if (!fees) return NO_FEES
  return {
    buyerPremiumBasisPoints: basisPointsOf(fees.buyerPremiumPercent),
    sellerFeeBasisPoints: basisPointsOf(fees.sellerFeePercent),
  }
}

/**
 * The member's wallet as a bid sees it. Unknown (loading, failed, signed out) means no funds line
 * and no refusal here: the server decides (`insufficient_funds`), never a guess.
 */
export function useBidFunds(lot: LotDetail, signedIn: boolean): BidFundsView {
  const wallet = useWallet(signedIn).data
  const config = useRuntimeConfig().data
  const canTopUp = Boolean(config?.stripe.publishableKey)
  const fees = feesOf(config)
  const shipping = shippingCharged(lot.delivery)
  const sale = (amount: number) => saleAmounts(amount, shipping, fees)
  return {
    fundsFor: (commit) =>
      wallet ? fundsFor(wallet, lot, commit, (max) => sale(max).buyerTotal) : null,
    youPay: (amount) => {
      const split = sale(amount)
      if (split.buyerTotal === amount) return null
      return { total: split.hammer + split.premium, shipping: split.shipping }
    },
    canTopUp,
  }
}
