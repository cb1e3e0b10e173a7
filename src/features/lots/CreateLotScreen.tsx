import { useId } from 'react'
import { MONEY_MAX, STARTING_PRICE_MIN, TITLE_MAX_LENGTH } from '../../../common/auction'
import { useCurrency } from '../../api/config'
import { Button } from '../../components/Button'
import { TextField } from '../../components/TextField'
import { useDocumentTitle } from '../../components/useDocumentTitle'
import { useT } from '../../i18n'
import { useOnline } from '../../offline/online'
import { SignedInOnly } from '../auth'
import { CategoryField } from './components/CategoryField'
import { DescriptionField, LotImageField, UnsentPictures } from './components/CreateLotFields'
import { NextStepsField } from './components/NextStepsField'
import { DeliveryFields } from './components/DeliveryFields'
import { LotTimingFields } from './components/LotTimingFields'
import { useCreateLotForm } from './useCreateLotForm'

/** `/lots/new`: create a lot; checked with validateLotInput before sending, server errors per field. */
export default function CreateLotScreen() {
  const { t } = useT()
  useDocumentTitle(t('create.title'))
  return (
    <SignedInOnly signInTitle={t('create.signIn')}>
      <CreateLotForm />
    </SignedInOnly>
  )
}

function CreateLotForm() {
  const { t, formatMoney } = useT()
  const online = useOnline()
  const currency = useCurrency()
  const money = (minor: number) => formatMoney(minor, currency)
  const form = useCreateLotForm({ online, money, currency })
  const { values, set, fieldRef, errors } = form
  const formId = useId()
  const count = Object.keys(errors).length
  // The lot exists but a chosen picture is not on it: say so, and never offer the form again.
  if (form.unsent)
    return (
      <div className="create-lot">
        <h1>{t('create.title')}</h1>
        <UnsentPictures form={form} online={online} />
      </div>
    )
  return (
    <div className="create-lot">
      <h1>{t('create.title')}</h1>
      {count > 0 ? (
        <p className="notice notice-error" role="alert">
          {t('create.fix', { count })}
        </p>
      ) : null}
      <form
        className="form panel"
        onSubmit={form.onSubmit}
        noValidate
        aria-describedby={`${formId}-offline`}
      >
        <TextField
          ref={fieldRef('title')}
          name="title"
          label={t('create.titleField')}
          value={values.title}
          onChange={set('title')}
          error={errors.title}
          maxLength={TITLE_MAX_LENGTH}
          required
        />
        <CategoryField form={form} formId={formId} />
        <DescriptionField form={form} formId={formId} />
        <div className="field-row">
          <TextField
            ref={fieldRef('startingPrice')}
            name="startingPrice"
            label={t('create.startingPrice')}
            inputMode="decimal"
            value={values.startingPrice}
            onChange={set('startingPrice')}
            error={errors.startingPrice}
            hint={`${money(STARTING_PRICE_MIN)} – ${money(MONEY_MAX)}`}
            required
          />
          <TextField
            ref={fieldRef('reservePrice')}
            name="reservePrice"
            label={
              <>
                {t('create.reserve')} <span className="muted small">({t('common.optional')})</span>
              </>
            }
            inputMode="decimal"
            value={values.reservePrice}
            onChange={set('reservePrice')}
            error={errors.reservePrice}
            hint={t('create.reserveHint')}
          />
        </div>
        <DeliveryFields form={form} formId={formId} money={money} />
        <LotTimingFields form={form} formId={formId} />
        <LotImageField form={form} formId={formId} />
        <NextStepsField form={form} formId={formId} />
        {form.formError ? (
          <p className="notice notice-error" role="alert">
            {form.formError}
          </p>
        ) : null}
        <Button
          type="submit"
          pending={form.pending}
          pendingLabel={t('create.pending')}
          disabled={!online}
          disabledReason={t('create.offline')}
          reasonId={`${formId}-offline`}
        >
          {t('create.submit')}
        </Button>
      </form>
    </div>
  )
}
