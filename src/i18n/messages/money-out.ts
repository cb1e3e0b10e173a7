import type { Message } from '../types'

/**
 * English messages of money leaving Lotline (issue 30, decision 0053): payouts, withdrawals,
 * closing an account that holds money. Loaded with the other screens' (src/i18n/more.ts).
 */
export const moneyOutEn = {
  'errors.payouts_not_ready': 'Finish setting up payouts first.',
  'errors.payout_below_minimum': 'A payout must be at least the minimum.',
  'errors.payout_daily_limit': 'This would pass the most you can pay out in 24 hours.',
  'errors.withdrawal_unreachable':
    'Part of this amount can go neither back to a card nor by payout. Choose a smaller amount.',
  'errors.account_has_money':
    'Your wallet still holds money. Withdraw it before closing your account.',
  'errors.account_has_orders': 'You have orders that are not finished yet.',
  'errors.money_in_transit':
    'Money is still on its way out of your wallet. Try again once it has arrived.',
  'errors.not_retryable': 'Only a failed payout or withdrawal can be tried again.',
} satisfies Record<string, Message>
