import { BALANCE_CAP, type Wallet } from '../../../common/wallet.ts'
import { AppError } from '../../lib/problem.ts'

/**
 * Whether an adjustment fits the wallet as it stands under its lock: a debit may not take
 * `available` below zero (exactly zero is fine), a credit may not take the balance over the cap
 * (exactly the cap is fine).
 */
export function checkAdjustment(before: Wallet, amount: number): void {
  if (amount < 0 && before.available + amount < 0) {
    // In the admin's words, with what is available (issue 32): not the bidder's "top up first".
    throw new AppError(422, 'debit_below_zero', 'This debit would take the wallet below zero.', {
      amount: `At most ${before.available} can be debited now.`,
    }).withAmount(before.available)
  }
  if (amount > 0 && before.balance + amount > BALANCE_CAP) {
    throw new AppError(
      422,
      'balance_cap_exceeded',
      'The credit would take the balance over the cap.',
    )
  }
}
