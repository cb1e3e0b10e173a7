import { useState, type ChangeEvent } from 'react'
import { parseMoney } from '../../../../common/money'
import { useT } from '../../../i18n'

/**
 * The amount field both money-out forms share: what was typed, the amount it means (null until it
 * is a positive amount), the problem every amount has (empty once the member tried, not an
 * amount), and the props of its TextField. Each form adds its own limits on top.
 */
export function useAmountField(currency: string) {
  const { t } = useT()
  const [text, setText] = useState('')
  const [tried, setTried] = useState(false)
  const parsed = parseMoney(text, currency)
  const empty = text.trim() === ''
  const amount = !empty && parsed !== null && parsed > 0 ? parsed : null
  let problem: string | null = null
  if (empty) problem = tried ? t('moneyOut.amount.required') : null
  else if (amount === null) problem = t('moneyOut.amount.invalid')
  return {
    amount,
    problem,
    setText,
    /** On submit: an empty field now says it is required. */
    markTried: () => setTried(true),
    field: {
      name: 'amount',
      autoFocus: true,
      label: t('moneyOut.amount.label'),
      inputMode: 'decimal' as const,
      autoComplete: 'off',
      maxLength: 20,
      value: text,
      onChange: (event: ChangeEvent<HTMLInputElement>) => setText(event.target.value),
    },
  }
}
