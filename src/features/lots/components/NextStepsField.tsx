import { NEXT_STEPS_MAX_LENGTH } from '../../../../common/auction'
import { useT } from '../../../i18n'
import type { CreateLotForm } from '../useCreateLotForm'

/** The seller's pickup or shipping note, shown to the winner once the lot sells (decision 0023). */
export function NextStepsField({ form, formId }: { form: CreateLotForm; formId: string }) {
  const { t } = useT()
  const error = form.errors.nextSteps
  const id = `${formId}-next-steps`
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <label htmlFor={id}>
        {t('create.nextSteps')} <span className="muted small">({t('common.optional')})</span>
      </label>
      <textarea
        id={id}
        ref={form.fieldRef('nextSteps')}
        rows={3}
        value={form.values.nextSteps}
        onChange={form.set('nextSteps')}
        maxLength={NEXT_STEPS_MAX_LENGTH}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
      />
      <p className="muted small" id={`${id}-hint`}>
        {t('create.nextStepsHint')}
      </p>
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  )
}
