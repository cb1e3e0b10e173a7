import { MONEY_MAX } from '../../../../common/auction'
import { PICKUP_TOWN_MAX_LENGTH } from '../../../../common/orders/delivery'
import { TextField } from '../../../components/TextField'
import { useT } from '../../../i18n'
import type { CreateLotForm } from '../useCreateLotForm'

/**
 * How the lot reaches its buyer (issue 29): shipping for a cost the seller names (0 = free), a
 * pickup in a town shown on the lot, or both. At least one; each box reveals its own field.
 */
export function DeliveryFields({
  form,
  formId,
  money,
}: {
  form: CreateLotForm
  formId: string
  money: (minor: number) => string
}) {
  const { t } = useT()
  const { values, setValues, set, fieldRef, errors } = form
  const errorId = `${formId}-delivery-error`
  const toggle = (name: 'ships' | 'pickup') => (e: { target: { checked: boolean } }) =>
    setValues((v) => ({ ...v, [name]: e.target.checked }))
  return (
    <fieldset
      className={errors.delivery ? 'choice field-invalid' : 'choice'}
      aria-describedby={errors.delivery ? errorId : undefined}
    >
      <legend>{t('create.delivery')}</legend>
      <label className="choice-option">
        <input
          type="checkbox"
          ref={fieldRef('delivery')}
          checked={values.ships}
          onChange={toggle('ships')}
          aria-invalid={errors.delivery ? true : undefined}
        />
        {t('create.delivery.ships')}
      </label>
      {values.ships ? (
        <TextField
          ref={fieldRef('shippingCost')}
          name="shippingCost"
          label={t('create.delivery.shippingCost')}
          inputMode="decimal"
          value={values.shippingCost}
          onChange={set('shippingCost')}
          error={errors.shippingCost}
          hint={`${t('create.delivery.shippingCostHint')} ${money(0)} – ${money(MONEY_MAX)}`}
        />
      ) : null}
      <label className="choice-option">
        <input type="checkbox" checked={values.pickup} onChange={toggle('pickup')} />
        {t('create.delivery.pickup')}
      </label>
      {values.pickup ? (
        <TextField
          ref={fieldRef('pickupTown')}
          name="pickupTown"
          label={t('create.delivery.pickupTown')}
          value={values.pickupTown}
          onChange={set('pickupTown')}
          error={errors.pickupTown}
          maxLength={PICKUP_TOWN_MAX_LENGTH}
          hint={t('create.delivery.pickupTownHint')}
        />
      ) : null}
      {errors.delivery ? (
        <p className="field-error" id={errorId}>
          {errors.delivery}
        </p>
      ) : null}
    </fieldset>
  )
}
