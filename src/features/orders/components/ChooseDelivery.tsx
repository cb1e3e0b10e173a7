import { useId, useState, type FormEvent } from 'react'
import type { Address } from '../../../../common/orders/addresses'
import type { Order } from '../../../../common/orders/shapes'
import { Button } from '../../../components/Button'
import { InlineRetry } from '../../../components/InlineRetry'
import { Loading } from '../../../components/Spinner'
import { useT } from '../../../i18n'
import { useAddresses } from '../api/addresses'
import { AddressForm } from './AddressForm'
import { AddressLines } from './AddressLines'
import type { Mover } from './mover'

const PICKUP = 'pickup'

/** What is chosen first: the one picked before, else the default address, else the first. */
function firstChoice(addresses: Address[] | undefined): string | null {
  return (addresses?.find((a) => a.isDefault) ?? addresses?.[0])?.id ?? null
}

/**
 * Where a won lot goes: one of my addresses (the default chosen already), a new one, or — when the
 * lot offered both — the pickup, which pays the shipping back.
 */
export function ChooseDelivery({
  order,
  mover,
  money,
  onCancel,
}: {
  order: Order
  mover: Mover
  money: (minor: number) => string
  onCancel?: () => void
}) {
  const { t } = useT()
  const id = useId()
  const addresses = useAddresses(true)
  const [picked, setPicked] = useState<string | null>(null)
  const [adding, setAdding] = useState(false)
  const [missing, setMissing] = useState(false)
  const choice = picked ?? firstChoice(addresses.data)
  const pickupOffered = order.nextMoves.includes('choose_pickup')
  const pick = (value: string) => {
    setPicked(value)
    setMissing(false)
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!choice) return setMissing(true)
    mover.move(
      choice === PICKUP ? { type: 'choose_pickup' } : { type: 'choose_address', addressId: choice },
    )
  }
  if (adding || (addresses.data?.length === 0 && !pickupOffered)) {
    return (
      <>
        {addresses.data?.length === 0 ? <p>{t('order.choose.none')}</p> : null}
        <AddressForm
          online={mover.online}
          defaultCountry={order.shipTo?.country}
          onSaved={(address) => {
            pick(address.id)
            setAdding(false)
          }}
          onCancel={addresses.data?.length ? () => setAdding(false) : undefined}
        />
      </>
    )
  }
  if (!addresses.data) {
    return addresses.isError ? (
      <InlineRetry message={t('order.choose.loadError')} onRetry={() => void addresses.refetch()} />
    ) : (
      <Loading label={t('app.loading')} />
    )
  }
  return (
    <form className="form choose-delivery" onSubmit={submit} noValidate>
      <fieldset
        className={missing ? 'choice field-invalid' : 'choice'}
        aria-describedby={missing ? `${id}-missing` : undefined}
      >
        <legend>{t('order.choose.legend')}</legend>
        {addresses.data.length === 0 ? (
          <p className="muted small">{t('order.choose.none')}</p>
        ) : null}
        {addresses.data.map((address) => (
          <label key={address.id} className="choice-option address-option">
            <input
              type="radio"
              name={`${id}-where`}
              value={address.id}
              checked={choice === address.id}
              onChange={() => pick(address.id)}
            />
            <span>
              <AddressLines address={address} />
              {address.isDefault ? (
                <span className="muted small"> · {t('order.choose.default')}</span>
              ) : null}
            </span>
          </label>
        ))}
        {pickupOffered && order.pickupTown ? (
          <label className="choice-option">
            <input
              type="radio"
              name={`${id}-where`}
              value={PICKUP}
              checked={choice === PICKUP}
              onChange={() => pick(PICKUP)}
            />
            {order.amounts.shipping > 0
              ? t('order.choose.pickupRefund', {
                  town: order.pickupTown,
                  amount: money(order.amounts.shipping),
                })
              : t('order.choose.pickup', { town: order.pickupTown })}
          </label>
        ) : null}
        {missing ? (
          <p className="field-error" id={`${id}-missing`}>
            {t('order.choose.required')}
          </p>
        ) : null}
      </fieldset>
      <p>
        <Button variant="ghost" onClick={() => setAdding(true)}>
          {t('order.choose.addNew')}
        </Button>
      </p>
      <div className="actions">
        <Button
          type="submit"
          pending={mover.pending}
          pendingLabel={t('order.pending')}
          disabled={!mover.online}
          disabledReason={mover.online ? undefined : t('order.offline')}
          reasonId={`${id}-offline`}
          data-testid="choose-submit"
        >
          {t(choice === PICKUP ? 'order.choose.submitPickup' : 'order.choose.submit')}
        </Button>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel}>
            {t('order.choose.cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  )
}
