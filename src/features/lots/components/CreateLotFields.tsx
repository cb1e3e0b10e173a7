import {
  DESCRIPTION_MAX_LENGTH,
  LOT_IMAGE_TYPES,
  LOT_PICTURES_MAX,
} from '../../../../common/auction'
import { Button } from '../../../components/Button'
import { useT } from '../../../i18n'
import type { CreateLotForm } from '../useCreateLotForm'
import { PictureOrderList } from './PictureOrderList'
import './selling.css'

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
  const refused = form.imageErrors.length > 0
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
        aria-describedby={
          refused ? `${formId}-image-errors ${formId}-image-hint` : `${formId}-image-hint`
        }
        aria-invalid={refused ? true : undefined}
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? [])
          event.currentTarget.value = ''
          form.chooseImages(files)
        }}
      />
      {refused ? (
        <div id={`${formId}-image-errors`} role="alert">
          <ul className="field-error picture-problems">
            {form.imageErrors.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <p id={`${formId}-image-hint`} className="field-hint">
        {full
          ? t('pictures.full')
          : form.images.length > 0
            ? `${t('pictures.count', { count: form.images.length, max: LOT_PICTURES_MAX })} · ${t('create.imageHint')}`
            : t('create.imageHint')}
      </p>
    </div>
  )
}

/**
 * After the lot was created and a picture failed: the lot is listed, and this says so plainly,
 * naming each chosen picture not on it (the failed one with why), to try again or remove
 * (docs/product.md, "Selling on a phone").
 */
export function UnsentPictures({ form, online }: { form: CreateLotForm; online: boolean }) {
  const { t } = useT()
  const unsent = form.unsent
  if (!unsent) return null
  const count = unsent.images.length
  return (
    <section className="panel unsent-pictures" aria-labelledby="unsent-h" data-testid="unsent">
      <h2 id="unsent-h">{t('sell.unsent.title')}</h2>
      <p role="alert">{t('sell.unsent.body', { count })}</p>
      <ul className="unsent-list">
        {unsent.images.map((image, index) => (
          <li key={image.url} data-testid="unsent-picture">
            <img src={image.url} alt="" width={88} height={66} />
            <span className="unsent-text">
              <strong className="unsent-name">{image.file.name}</strong>
              {image.url === unsent.failed ? (
                <span className="field-error">{unsent.reason}</span>
              ) : (
                <span className="muted small">{t('sell.unsent.waiting')}</span>
              )}
            </span>
            <button
              type="button"
              className="btn btn-secondary"
              disabled={form.sending}
              onClick={() => form.removeUnsent(index)}
            >
              {t('sell.unsent.remove')}
              <span className="visually-hidden">: {image.file.name}</span>
            </button>
          </li>
        ))}
      </ul>
      <div className="unsent-actions">
        <Button
          pending={form.sending}
          pendingLabel={t('sell.unsent.retrying')}
          disabled={!online}
          disabledReason={t('sell.unsent.offline')}
          reasonId="unsent-offline"
          onClick={form.retryUnsent}
        >
          {t('sell.unsent.retry')}
        </Button>
        <Button variant="secondary" disabled={form.sending} onClick={form.openWithout}>
          {t('sell.unsent.open')}
        </Button>
      </div>
    </section>
  )
}
