import {
  SOFT_CLOSE_DEFAULT_SECONDS,
  SOFT_CLOSE_MAX_SECONDS,
  SOFT_CLOSE_MIN_SECONDS,
} from '../../../../common/auction'
import { TextField } from '../../../components/TextField'
import { useT } from '../../../i18n'
import { numberFormat } from '../../../i18n/intl'
import { DURATIONS } from '../create-lot-form'
import type { CreateLotForm } from '../useCreateLotForm'

/**
 * When the lot runs: a start (now, or a chosen time), an end (a duration from the start, or a
 * chosen time) and the soft close that extends it after a late bid.
 */
export function LotTimingFields({ form, formId }: { form: CreateLotForm; formId: string }) {
  const { t, lang } = useT()
  const { values, set, setValues, fieldRef, errors } = form
  // With a custom end the error shows on its own field; otherwise on the duration.
  const durationError = errors.endsAt && values.duration !== 'custom' ? errors.endsAt : null
  return (
    <>
      <fieldset className="choice">
        <legend>{t('create.start')}</legend>
        {(['now', 'at'] as const).map((mode) => (
          <label key={mode} className="choice-option">
            <input
              type="radio"
              name="startMode"
              value={mode}
              checked={values.startMode === mode}
              onChange={() => setValues((v) => ({ ...v, startMode: mode }))}
            />
            {mode === 'now' ? t('create.startNow') : t('create.startAt')}
          </label>
        ))}
      </fieldset>
      {values.startMode === 'at' ? (
        <TimeField form={form} field="startsAt" label={t('create.startsAt')} />
      ) : null}
      <div className={durationError ? 'field field-invalid' : 'field'}>
        <label htmlFor={`${formId}-duration`}>{t('create.end')}</label>
        <select
          id={`${formId}-duration`}
          ref={fieldRef('endsAt')}
          value={values.duration}
          onChange={set('duration')}
        >
          {DURATIONS.map((d) => (
            <option key={d.key} value={d.key}>
              {numberFormat(lang, {
                style: 'unit',
                unit: d.key.endsWith('m') ? 'minute' : d.key.endsWith('h') ? 'hour' : 'day',
                unitDisplay: 'long',
              }).format(Number.parseInt(d.key, 10))}
            </option>
          ))}
          <option value="custom">{t('create.duration.custom')}</option>
        </select>
        {durationError ? <p className="field-error">{durationError}</p> : null}
      </div>
      {values.duration === 'custom' ? (
        <TimeField form={form} field="endsAt" label={t('create.endsAt')} />
      ) : null}
      <TextField
        ref={fieldRef('softCloseSeconds')}
        name="softCloseSeconds"
        type="number"
        inputMode="numeric"
        min={SOFT_CLOSE_MIN_SECONDS}
        max={SOFT_CLOSE_MAX_SECONDS}
        label={t('create.softClose')}
        value={values.softCloseSeconds}
        onChange={set('softCloseSeconds')}
        error={errors.softCloseSeconds}
        hint={t('create.softCloseHint', {
          seconds: Number(values.softCloseSeconds) || SOFT_CLOSE_DEFAULT_SECONDS,
        })}
      />
    </>
  )
}

/** A chosen start or end time (`datetime-local`), bound to the form. */
function TimeField({
  form,
  field,
  label,
}: {
  form: CreateLotForm
  field: 'startsAt' | 'endsAt'
  label: string
}) {
  return (
    <TextField
      ref={form.fieldRef(field)}
      name={field}
      type="datetime-local"
      label={label}
      value={form.values[field]}
      onChange={form.set(field)}
      error={form.errors[field]}
    />
  )
}
