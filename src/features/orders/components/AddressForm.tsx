import { useId, useState, type FormEvent } from 'react'
import {
  ADDRESS_LINE_MAX_LENGTH,
  ADDRESS_NAME_MAX_LENGTH,
  ADDRESS_PHONE_MAX_LENGTH,
  ADDRESS_TOWN_MAX_LENGTH,
  addressProblems,
  COUNTRY_CODES,
  POSTAL_CODE_MAX_LENGTH,
  type Address,
  type AddressInput,
} from '../../../../common/orders/addresses'
import { Button } from '../../../components/Button'
import { TextField } from '../../../components/TextField'
import { useT, type MessageKey } from '../../../i18n'
import { errorMessage } from '../../../i18n/error-message'
import { useAddAddress } from '../api/addresses'
import { useCountryNames } from './country-names'

type Field = 'name' | 'line1' | 'line2' | 'town' | 'postalCode' | 'phone'

const TEXT_FIELDS: Array<{ field: Field; label: MessageKey; max: number; auto: string }> = [
  { field: 'name', label: 'address.name', max: ADDRESS_NAME_MAX_LENGTH, auto: 'name' },
  { field: 'line1', label: 'address.line1', max: ADDRESS_LINE_MAX_LENGTH, auto: 'address-line1' },
  { field: 'line2', label: 'address.line2', max: ADDRESS_LINE_MAX_LENGTH, auto: 'address-line2' },
  { field: 'town', label: 'address.town', max: ADDRESS_TOWN_MAX_LENGTH, auto: 'address-level2' },
  {
    field: 'postalCode',
    label: 'address.postalCode',
    max: POSTAL_CODE_MAX_LENGTH,
    auto: 'postal-code',
  },
]

const EMPTY: AddressInput = {
  name: '',
  line1: '',
  line2: '',
  town: '',
  postalCode: '',
  country: '',
}

/** The field's message in the reader's language, for the rule common/orders/addresses.ts broke. */
function fieldError(field: string, max: number): [MessageKey, Record<string, number>] {
  if (field === 'country') return ['address.err.country', {}]
  if (field === 'phone') return ['address.err.phone', {}]
  return ['address.err.text', { max }]
}

/**
 * A new address for the book, checked with the rules the API applies (common/orders/addresses.ts)
 * before it is sent. `onSaved` gets the address the server kept.
 */
export function AddressForm({
  onSaved,
  onCancel,
  online,
  defaultCountry,
}: {
  onSaved: (address: Address) => void
  onCancel?: () => void
  online: boolean
  defaultCountry?: string
}) {
  const { t, lang } = useT()
  const formId = useId()
  const countries = useCountryNames(lang)
  const add = useAddAddress()
  const [values, setValues] = useState<AddressInput>({ ...EMPTY, country: defaultCountry ?? '' })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const set = (field: keyof AddressInput) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }))
    setErrors(({ [field]: _cleared, ...rest }) => rest)
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const problems = addressProblems(values)
    const shown: Record<string, string> = {}
    for (const field of Object.keys(problems)) {
      const max = TEXT_FIELDS.find((f) => f.field === field)?.max ?? ADDRESS_PHONE_MAX_LENGTH
      const [key, vars] = fieldError(field, max)
      shown[field] = t(key, vars)
    }
    setErrors(shown)
    if (Object.keys(shown).length > 0) return
    add.mutate(values, { onSuccess: onSaved })
  }
  return (
    <form className="form address-form" onSubmit={submit} noValidate aria-labelledby={formId}>
      <h3 id={formId}>{t('address.legend')}</h3>
      {TEXT_FIELDS.map(({ field, label, max, auto }) => (
        <TextField
          key={field}
          name={field}
          label={t(label)}
          autoComplete={auto}
          maxLength={max + 20}
          value={values[field] ?? ''}
          onChange={set(field)}
          error={errors[field]}
        />
      ))}
      <div className={errors.country ? 'field field-invalid' : 'field'}>
        <label htmlFor={`${formId}-country`}>{t('address.country')}</label>
        <select
          id={`${formId}-country`}
          name="country"
          autoComplete="country"
          value={values.country}
          onChange={set('country')}
          aria-invalid={errors.country ? true : undefined}
          aria-describedby={errors.country ? `${formId}-country-error` : undefined}
        >
          <option value="">{t('address.countryChoose')}</option>
          {COUNTRY_CODES.map((code) => [code, countries(code)] as const)
            .sort((a, b) => a[1].localeCompare(b[1], lang))
            .map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
        </select>
        {errors.country ? (
          <p className="field-error" id={`${formId}-country-error`}>
            {errors.country}
          </p>
        ) : null}
      </div>
      <TextField
        name="phone"
        type="tel"
        autoComplete="tel"
        label={t('address.phone')}
        hint={t('address.phoneHint')}
        maxLength={ADDRESS_PHONE_MAX_LENGTH + 8}
        value={values.phone ?? ''}
        onChange={set('phone')}
        error={errors.phone}
      />
      <label className="choice-option">
        <input
          type="checkbox"
          checked={values.isDefault === true}
          onChange={(e) => setValues((v) => ({ ...v, isDefault: e.target.checked }))}
        />
        {t('address.makeDefault')}
      </label>
      {add.isError ? (
        <p className="field-error" role="alert">
          {errorMessage(add.error, lang)}
        </p>
      ) : null}
      <div className="actions">
        <Button
          type="submit"
          pending={add.isPending}
          pendingLabel={t('order.pending')}
          disabled={!online}
          disabledReason={online ? undefined : t('order.offline')}
          reasonId={`${formId}-offline`}
        >
          {t('address.save')}
        </Button>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel}>
            {t('address.cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  )
}
