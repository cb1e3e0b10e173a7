import { Link } from 'wouter'
import { useT } from '../../../i18n'

/** Stands for the name inside the translated line, so the name can be a link in any language. */
const NAME = '\u0000'

/**
 * "Seller: Marta Ruiz", the name linking to the seller's profile (/sellers/:id, issue 29). A lot
 * saved before the detail carried the seller's id shows the name as plain text.
 */
export function SellerLine({ name, sellerId }: { name: string; sellerId: string | undefined }) {
  const { t } = useT()
  if (!sellerId) return <>{t('lot.seller', { alias: name })}</>
  const [before = '', after = ''] = t('lot.seller', { alias: NAME }).split(NAME)
  return (
    <>
      {before}
      <Link href={`/sellers/${encodeURIComponent(sellerId)}`} data-testid="seller-link">
        {name}
      </Link>
      {after}
    </>
  )
}
