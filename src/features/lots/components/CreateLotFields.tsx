import {
  DESCRIPTION_MAX_LENGTH,
  LOT_IMAGE_TYPES,
  LOT_PICTURES_MAX,
} from '../../../../common/auction'
import { useT } from '../../../i18n'
import type { CreateLotForm } from '../useCreateLotForm'
import { PictureOrderList } from './PictureOrderList'

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

/**
 * The optional pictures (up to 8, decision 0024): chosen files are checked for type and size at
 * once, listed with their thumbnails, and put in order with "earlier" / "later" buttons; the first
 * is the cover. They are sent, in this order, once the lot exists.
 */
export function LotImageField({ form, formId }: { form: CreateLotForm; formId: string }) {
  const { t } = useT()
  const full = form.images.length >= LOT_PICTURES_MAX
  return (
    <div className="field picture-add">
      <label htmlFor={`${formId}-image`}>
        {t('create.image')} <span className="muted">({t('common.optional')})</span>
      </label>
      <PictureOrderList
        title={form.values.title}
        pictures={form.images.map((image) => ({ key: image.url, src: image.url }))}
        onMove={form.moveImage}
        onRemove={form.removeImage}
      />
      <input
        id={`${formId}-image`}
        name="image"
        type="file"
        multiple
        disabled={full}
        accept={LOT_IMAGE_TYPES.join(',')}
        aria-describedby={`${formId}-image-hint`}
        aria-invalid={form.imageError ? true : undefined}
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? [])
          event.currentTarget.value = ''
          form.chooseImages(files)
        }}
      />
      <p id={`${formId}-image-hint`} className={form.imageError ? 'field-error' : 'field-hint'}>
        {form.imageError ??
          (full
            ? t('pictures.full')
            : form.images.length > 0
              ? `${t('pictures.count', { count: form.images.length, max: LOT_PICTURES_MAX })} · ${t('create.imageHint')}`
              : t('create.imageHint'))}
      </p>
    </div>
  )
}
