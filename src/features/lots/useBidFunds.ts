import { useRuntimeConfig } from '../../api/config'
import { useWallet } from '../wallet'
import { fundsFor, type BidFunds } from './bid-plan'
import type { LotDetail } from '../../../common/auction'

export interface BidFundsView {
  /** What a bid committing `commit` does to the wallet; null while the wallet is unknown. */
  fundsFor: (commit: number) => BidFunds | null
  /** Card payments are on (the runtime config has a Stripe publishable key). */
  canTopUp: boolean
}

/**
 * The member's wallet as a bid sees it. Unknown (loading, failed, signed out) means no funds line
 * and no refusal here: the server decides (`insufficient_funds`), never a guess.
 */
export function useBidFunds(lot: LotDetail, signedIn: boolean): BidFundsView {
  const wallet = useWallet(signedIn).data
  const canTopUp = Boolean(useRuntimeConfig().data?.stripe.publishableKey)
  return {
    fundsFor: (commit) => (wallet ? fundsFor(wallet, lot, commit) : null),
    canTopUp,
  }
}
