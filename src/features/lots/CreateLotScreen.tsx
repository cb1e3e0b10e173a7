import { useId } from 'react'
import { useSearch } from 'wouter'
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
import { Loading } from '../../components/Spinner'
import { useLotShow } from './api/show'
import type { ForShow } from './show-lot-timing'
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

/**
 * `/lots/new?show=:id`, from a show's edit screen: the lot is made for that show and joins its
 * queue (issue 34); its own start and end are the show's business, so the form has none.
 */
function useShowToJoin(): { show: ForShow | undefined; loading: boolean; notice: string | null } {
  const { t } = useT()
  const showId = new URLSearchParams(useSearch()).get('show')
  const query = useLotShow(showId)
  if (!showId) return { show: undefined, loading: false, notice: null }
  if (query.isPending) return { show: undefined, loading: true, notice: null }
  if (!query.data) return { show: undefined, loading: false, notice: t('create.show.unknown') }
  if (query.data.state === 'ended') {
    return { show: undefined, loading: false, notice: t('create.show.ended') }
  }
  return { show: query.data, loading: false, notice: null }
}

function CreateLotForm() {
  const { t } = useT()
  const { show, loading, notice } = useShowToJoin()
  if (loading) return <Loading label={t('create.show.loading')} />
  return <CreateLotFormFor show={show} notice={notice} />
}

function CreateLotFormFor({ show, notice }: { show: ForShow | undefined; notice: string | null }) {
  const { t, formatMoney } = useT()
  const online = useOnline()
  const currency = useCurrency()
  const money = (minor: number) => formatMoney(minor, currency)
  const form = useCreateLotForm({ online, money, currency, show })
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
      {show ? (
        <p className="notice" data-testid="for-show">
          {t('create.show.joins', { title: show.title })}
        </p>
      ) : notice ? (
        <p className="notice notice-warn" role="status">
          {notice}
        </p>
      ) : null}
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
        {show ? null : <LotTimingFields form={form} formId={formId} />}
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
