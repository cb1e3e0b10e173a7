import { useId } from 'react'
import { Link } from 'wouter'
import { SHOW_MODES, SHOW_TIMER_MAX_SECONDS, SHOW_TIMER_MIN_SECONDS } from '../../../common/shows'
import { Button } from '../../components/Button'
import { TextField } from '../../components/TextField'
import { Loading } from '../../components/Spinner'
import { useDocumentTitle } from '../../components/useDocumentTitle'
import { useT, type MessageKey } from '../../i18n'
import { errorMessage } from '../../i18n/error-message'
import { useOnline } from '../../offline/online'
import { SignedInOnly, useMe } from '../auth'
import { useMyScheduledLots } from './api'
import { useCreateShowForm, type CreateShowForm } from './useCreateShowForm'
import './shows.css'

/** `/shows/new`: schedule a show from the seller's own scheduled lots. */
export default function CreateShowScreen() {
  const { t } = useT()
  useDocumentTitle(t('showForm.title'))
  return (
    <SignedInOnly signInTitle={t('showForm.signIn')}>
      <CreateShowFormView />
    </SignedInOnly>
  )
}

function CreateShowFormView() {
  const { t } = useT()
  const online = useOnline()
  const form = useCreateShowForm()
  const { values, update, errors, fieldRef } = form
  const formId = useId()
  const count = Object.keys(errors).length
  return (
    <div className="create-show">
      <p className="back">
        <Link href="/shows">← {t('shows.back')}</Link>
      </p>
      <h1>{t('showForm.title')}</h1>
      {count > 0 ? (
        <p className="notice notice-error" role="alert">
          {t('showForm.fix', { count })}
        </p>
      ) : null}
      {form.formError ? (
        <p className="notice notice-error" role="alert">
          {form.formError}
        </p>
      ) : null}
      <form className="form panel" onSubmit={form.onSubmit} noValidate>
        <TextField
          ref={fieldRef('title')}
          name="title"
          label={t('showForm.titleLabel')}
          value={values.title}
          onChange={(e) => update({ title: e.target.value })}
          error={errors.title}
          autoComplete="off"
        />
        <div className={errors.description ? 'field field-invalid' : 'field'}>
          <label htmlFor={`${formId}-description`}>{t('showForm.description')}</label>
          <textarea
            id={`${formId}-description`}
            ref={fieldRef('description')}
            value={values.description}
            rows={3}
            onChange={(e) => update({ description: e.target.value })}
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={errors.description ? `${formId}-description-error` : undefined}
          />
          {errors.description ? (
            <p className="field-error" id={`${formId}-description-error`}>
              {errors.description}
            </p>
          ) : null}
        </div>
        <TextField
          ref={fieldRef('startsAt')}
          name="startsAt"
          type="datetime-local"
          label={t('showForm.startsAt')}
          value={values.startsAt}
          onChange={(e) => update({ startsAt: e.target.value })}
          error={errors.startsAt}
        />
        <fieldset className="field">
          <legend>{t('showForm.autoAdvance')}</legend>
          <label>
            <input
              type="checkbox"
              checked={values.autoAdvance}
              onChange={(e) => update({ autoAdvance: e.target.checked })}
            />{' '}
            {t('showForm.autoAdvanceOn')}
          </label>
          {values.autoAdvance ? (
            <TextField
              ref={fieldRef('autoAdvanceSeconds')}
              name="autoAdvanceSeconds"
              inputMode="numeric"
              label={t('showForm.autoAdvanceSeconds')}
              value={values.autoAdvanceSeconds}
              onChange={(e) => update({ autoAdvanceSeconds: e.target.value })}
              error={errors.autoAdvanceSeconds}
            />
          ) : (
            <p className="muted small">{t('showForm.autoAdvanceOff')}</p>
          )}
        </fieldset>
        <PickedLots form={form} />
        <AvailableLots form={form} />
        <Button
          type="submit"
          pending={form.sending}
          pendingLabel={t('showForm.sending')}
          disabled={!online}
          disabledReason={t('showForm.offline')}
          reasonId={`${formId}-offline`}
        >
          {t('showForm.submit')}
        </Button>
      </form>
    </div>
  )
}

/** The show's lots in order, each with its timer and mode, moved with up and down buttons. */
function PickedLots({ form }: { form: CreateShowForm }) {
  const { t } = useT()
  const { values, errors, fieldRef } = form
  const listId = useId()
  return (
    <section aria-labelledby={`${listId}-h`}>
      <h2 id={`${listId}-h`}>{t('showForm.lotsTitle', { count: values.lots.length })}</h2>
      {errors.lots ? (
        <p className="field-error" role="alert" id={`${listId}-error`}>
          {errors.lots}
        </p>
      ) : null}
      {values.lots.length === 0 ? (
        <p
          className="muted"
          tabIndex={-1}
          ref={fieldRef('lots') as (el: HTMLElement | null) => void}
        >
          {t('showForm.noneChosen')}
        </p>
      ) : (
        <ol className="show-pick-list" data-testid="picked-lots">
          {values.lots.map((lot, index) => {
            const timerField = `lots.${index}.timerSeconds`
            return (
              <li key={lot.lotId} className="show-pick">
                <strong>
                  {index + 1}. {lot.title}
                </strong>
                <TextField
                  ref={fieldRef(timerField)}
                  name={timerField}
                  inputMode="numeric"
                  label={t('showForm.timer', {
                    min: SHOW_TIMER_MIN_SECONDS,
                    max: SHOW_TIMER_MAX_SECONDS,
                  })}
                  value={lot.timerSeconds}
                  onChange={(e) => form.changeLot(index, { timerSeconds: e.target.value })}
                  error={errors[timerField]}
                />
                <div className="field">
                  <label htmlFor={`${listId}-mode-${index}`}>{t('showForm.mode')}</label>
                  <select
                    id={`${listId}-mode-${index}`}
                    value={lot.mode}
                    onChange={(e) =>
                      form.changeLot(index, { mode: e.target.value as (typeof SHOW_MODES)[number] })
                    }
                  >
                    {SHOW_MODES.map((mode) => (
                      <option key={mode} value={mode}>
                        {t(`shows.mode.${mode}` as MessageKey)}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="actions">
                  <button
                    type="button"
                    className="btn btn-ghost"
                    aria-label={t('showForm.moveUp', { title: lot.title })}
                    disabled={index === 0}
                    onClick={() => form.moveLot(index, index - 1)}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="btn btn-ghost"
                    aria-label={t('showForm.moveDown', { title: lot.title })}
                    disabled={index === values.lots.length - 1}
                    onClick={() => form.moveLot(index, index + 1)}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="btn btn-ghost"
                    aria-label={t('showForm.remove', { title: lot.title })}
                    onClick={() => form.removeLot(index)}
                  >
                    ✕
                  </button>
                </div>
              </li>
            )
          })}
        </ol>
      )}
    </section>
  )
}

/** The seller's scheduled lots not yet in the show (their profile lists lots open or about to). */
function AvailableLots({ form }: { form: CreateShowForm }) {
  const { t, lang } = useT()
  const me = useMe().data ?? null
  const online = useOnline()
  const query = useMyScheduledLots(me?.id ?? null)
  const chosen = new Set(form.values.lots.map((lot) => lot.lotId))
  const lots = query.data?.filter((lot) => !chosen.has(lot.id))
  return (
    <section aria-labelledby="show-available-h">
      <h2 id="show-available-h">{t('showForm.available')}</h2>
      {lots ? (
        lots.length === 0 ? (
          <p className="muted">
            {t('showForm.noLots')} <Link href="/lots/new">{t('showForm.newLot')}</Link>
          </p>
        ) : (
          <ul className="show-pick-list" data-testid="available-lots">
            {lots.map((lot) => (
              <li key={lot.id} className="show-pick">
                <span>{lot.title}</span>
                <button
                  type="button"
                  className="btn btn-secondary"
                  aria-label={t('showForm.add', { title: lot.title })}
                  onClick={() => form.addLot(lot)}
                >
                  {t('showForm.addShort')}
                </button>
              </li>
            ))}
          </ul>
        )
      ) : query.isError ? (
        <p className="notice notice-error">
          {errorMessage(query.error, lang)}{' '}
          <button type="button" className="link-btn" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </button>
        </p>
      ) : online ? (
        <Loading label={t('showForm.loadingLots')} />
      ) : (
        <p className="muted">{t('showForm.lotsOffline')}</p>
      )}
    </section>
  )
}
