import { DESCRIPTION_MAX_LENGTH, LOT_IMAGE_TYPES } from '../../../../common/auction'
import { useT } from '../../../i18n'
import type { CreateLotForm } from '../useCreateLotForm'

/** A textarea, which TextField is not: the same label, error and aria wiring by hand. */
export function DescriptionField({ form, formId }: { form: CreateLotForm; formId: string }) {
  const { t } = useT()
  const error = form.errors.description
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <label htmlFor={`${formId}-description`}>
        {t('create.description')} <span className="muted small">({t('common.optional')})</span>
      </label>
      <textarea
        id={`${formId}-description`}
        ref={form.fieldRef('description')}
        rows={5}
        value={form.values.description}
        onChange={form.set('description')}
        maxLength={DESCRIPTION_MAX_LENGTH}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${formId}-description-error` : undefined}
      />
      {error ? (
        <p className="field-error" id={`${formId}-description-error`}>
          {error}
        </p>
      ) : null}
    </div>
  )
}

/** The optional picture, checked for type and size as soon as it is chosen. */
export function LotImageField({ form, formId }: { form: CreateLotForm; formId: string }) {
  const { t } = useT()
  return (
    <div className="field">
      <label htmlFor={`${formId}-image`}>
        {t('create.image')} <span className="muted">({t('common.optional')})</span>
      </label>
      <input
        id={`${formId}-image`}
        name="image"
        type="file"
        accept={LOT_IMAGE_TYPES.join(',')}
        aria-describedby={`${formId}-image-hint`}
        aria-invalid={form.imageError ? true : undefined}
        onChange={(event) => form.chooseImage(event.currentTarget.files?.[0] ?? null)}
      />
      <p id={`${formId}-image-hint`} className={form.imageError ? 'field-error' : 'field-hint'}>
        {form.imageError ?? t('create.imageHint')}
      </p>
    </div>
  )
}
