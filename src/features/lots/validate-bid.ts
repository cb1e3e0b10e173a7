import { isMoney, MONEY_MAX, minNextBid, type LotDetail } from '../../../common/auction'
import type { useT } from '../../i18n'

export interface BidErrors {
  amount?: string
  maxAmount?: string
}

/**
 * The shared rules (common/auction.ts) before anything is sent: a whole amount of money, at least
 * the minimum next bid, a maximum not below the bid — and a leader may only raise their maximum.
 * `amount` undefined: the field is empty, which with a maximum means "bid the minimum for me"
 * (docs/product.md); null: something was typed that is not an amount.
 */
export function validateBid(
  lot: Pick<LotDetail, 'startingPrice' | 'currentPrice' | 'my'>,
  amount: number | null | undefined,
  maxAmount: number | null | undefined,
  format: (minor: number) => string,
  t: ReturnType<typeof useT>['t'],
): BidErrors {
  const errors: BidErrors = {}
  const min = minNextBid(lot)
  if (amount === undefined) {
    if (maxAmount === undefined) errors.amount = t('bidMax.enterOne')
  } else if (amount === null || amount <= 0) errors.amount = t('bid.invalidAmount')
  else if (amount > MONEY_MAX) errors.amount = t('bid.tooHigh', { max: format(MONEY_MAX) })
  else if (!isMoney(amount)) errors.amount = t('bid.invalidAmount')
  else if (amount < min) errors.amount = t('bid.tooLow', { min: format(min) })
  if (maxAmount === null) errors.maxAmount = t('bid.invalidAmount')
  else if (maxAmount !== undefined) {
    if (maxAmount > MONEY_MAX) errors.maxAmount = t('bid.tooHigh', { max: format(MONEY_MAX) })
    else if (!isMoney(maxAmount)) errors.maxAmount = t('bid.invalidAmount')
    else if (amount === undefined && maxAmount < min)
      errors.maxAmount = t('bidMax.maxTooLow', { min: format(min) })
    else if (typeof amount === 'number' && maxAmount < amount)
      errors.maxAmount = t('bid.maxBelowAmount')
  }
  const my = lot.my
  if (!errors.amount && !errors.maxAmount && my?.status === 'leading' && my.maxBid !== null) {
    const newMax = maxAmount ?? amount ?? 0
    if (newMax <= my.maxBid) {
      errors[maxAmount === undefined ? 'amount' : 'maxAmount'] = t('bid.maxNotRaised', {
        max: format(my.maxBid),
      })
    }
  }
  return errors
}
