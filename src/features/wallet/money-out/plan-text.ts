import type { CardLabel, WithdrawalPlan } from '../../../../common/money-out'
import type { useT } from '../../../i18n'

type T = ReturnType<typeof useT>['t']

/** "Visa ·· 4242" from Stripe's lower-case brand; "your card" where Stripe did not say which. */
export function cardName(card: CardLabel | null, t: T): string {
  if (!card) return t('moneyOut.yourCard')
  const brand = card.brand ? card.brand[0]!.toUpperCase() + card.brand.slice(1) : ''
  return t('moneyOut.card', { brand, last4: card.last4 }).trim()
}

/** "€42.00 back to Visa ·· 4242, €8.00 by payout": where each part of a withdrawal goes. */
export function planText(
  plan: Pick<WithdrawalPlan, 'refunds' | 'payout'>,
  money: (minor: number) => string,
  t: T,
): string {
  const parts = plan.refunds.map((refund) =>
    t('moneyOut.plan.card', { amount: money(refund.amount), card: cardName(refund.card, t) }),
  )
  if (plan.payout > 0) parts.push(t('moneyOut.plan.payout', { amount: money(plan.payout) }))
  return parts.join(', ')
}
