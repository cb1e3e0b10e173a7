import { useState } from 'react'
import '../orders.css'
import { ADDRESSES_MAX } from '../../../../common/orders/addresses'
import { Button } from '../../../components/Button'
import { InlineRetry } from '../../../components/InlineRetry'
import { Loading } from '../../../components/Spinner'
import { useT } from '../../../i18n'
import { errorMessage } from '../../../i18n/error-message'
import { useOnline } from '../../../offline/online'
import { useAddresses, useRemoveAddress } from '../api/addresses'
import { AddressForm } from './AddressForm'
import { AddressLines } from './AddressLines'

/** Account → Addresses: where won lots are shipped; add, remove, see which is the default. */
export function AddressBook() {
  const { t, lang } = useT()
  const online = useOnline()
  const addresses = useAddresses(true)
  const remove = useRemoveAddress()
  const [adding, setAdding] = useState(false)
  const list = addresses.data
  let body
  if (!list) {
    body = addresses.isError ? (
      <InlineRetry message={t('order.choose.loadError')} onRetry={() => void addresses.refetch()} />
    ) : online ? (
      <Loading label={t('app.loading')} />
    ) : (
      <p className="muted">{t('offline.nothingSavedBody')}</p>
    )
  } else {
    body = (
      <>
        {list.length === 0 ? <p className="muted">{t('address.none')}</p> : null}
        <ul className="address-book">
          {list.map((address) => (
            <li key={address.id} className="address-entry">
              <AddressLines address={address} />
              {address.isDefault ? (
                <span className="status-chip">{t('order.choose.default')}</span>
              ) : null}
              <Button
                variant="ghost"
                aria-label={t('address.removeLabel', { name: address.name })}
                disabled={!online || remove.isPending}
                onClick={() => remove.mutate(address.id)}
              >
                {t('address.remove')}
              </Button>
            </li>
          ))}
        </ul>
        {remove.isError ? (
          <p className="field-error" role="alert">
            {errorMessage(remove.error, lang)}
          </p>
        ) : null}
        {adding ? (
          <AddressForm
            online={online}
            onSaved={() => setAdding(false)}
            onCancel={() => setAdding(false)}
          />
        ) : list.length >= ADDRESSES_MAX ? (
          <p className="muted small">{t('address.full')}</p>
        ) : (
          <Button variant="secondary" onClick={() => setAdding(true)} disabled={!online}>
            {t('order.choose.addNew')}
          </Button>
        )}
      </>
    )
  }
  return (
    <section className="account-section" aria-labelledby="addresses-h">
      <h2 id="addresses-h">{t('address.title')}</h2>
      <p className="muted small">{t('address.intro')}</p>
      {body}
    </section>
  )
}
