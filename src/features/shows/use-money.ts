import { useCurrency } from '../../api/config'
import { useT } from '../../i18n'

/** Formats minor units in the server's currency and the reader's language. */
export function useMoney(): (minor: number) => string {
  const { formatMoney } = useT()
  const currency = useCurrency()
  return (minor: number) => formatMoney(minor, currency)
}
