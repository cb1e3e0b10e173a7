import type { ShipTo } from '../../../../common/orders/shapes'
import { useT } from '../../../i18n'
import { useCountryNames } from './country-names'

/** An address as a label prints it, one line each. */
export function AddressLines({ address }: { address: ShipTo }) {
  const { lang } = useT()
  const country = useCountryNames(lang)
  return (
    <span className="address-lines">
      <span>{address.name}</span>
      <span>{address.line1}</span>
      {address.line2 ? <span>{address.line2}</span> : null}
      <span>
        {address.postalCode} {address.town}
      </span>
      <span>{country(address.country)}</span>
      {address.phone ? <span>{address.phone}</span> : null}
    </span>
  )
}
