import { LOT_CATEGORIES } from '../../../../common/auction'
import { useT, type MessageKey } from '../../../i18n'
import type { CreateLotForm } from '../useCreateLotForm'

/** The lot's category, required (decision 0026): a select with no category chosen at first. */
export function CategoryField({ form, formId }: { form: CreateLotForm; formId: string }) {
  const { t } = useT()
  const error = form.errors.category
  const id = `${formId}-category`
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <label htmlFor={id}>{t('create.category')}</label>
      <select
        id={id}
        name="category"
        ref={form.fieldRef('category')}
        value={form.values.category}
        onChange={form.set('category')}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <option value="" disabled>
          {t('create.categoryChoose')}
        </option>
        {LOT_CATEGORIES.map((category) => (
          <option key={category} value={category}>
            {t(`lots.category.${category}` as MessageKey)}
          </option>
        ))}
      </select>
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  )
}
