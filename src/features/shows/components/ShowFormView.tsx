import { useId, type ReactNode } from 'react'
import {
  SHOW_MODES,
  SHOW_TIMER_MAX_SECONDS,
  SHOW_TIMER_MIN_SECONDS,
} from '../../../../common/shows'
import { Button } from '../../../components/Button'
import { TextField } from '../../../components/TextField'
import { useT, type MessageKey } from '../../../i18n'
import { useOnline } from '../../../offline/online'
import type { ShowForm } from '../useShowForm'
import { LotPicker } from './LotPicker'

export interface ShowFormViewProps {
  form: ShowForm
  submitLabel: string
  sendingLabel: string
  /** Why nothing can be sent offline. */
  offlineReason: string
  /** Why the start cannot change (the show has begun), or null while it can. */
  startFixed?: string | null
  /** The show being edited: the picker offers its queued lots back. */
  showId?: string | null
  /** Shown above the lots (the edit form's lots already run). */
  lotsNote?: ReactNode
}

/**
 * A show's form, for scheduling one and for editing it: the details, the lots in order (each with
 * its timer and mode, moved by buttons) and the seller's lots to add. Offline, every field stays
 * readable and the submit button says why it is disabled.
 */
export function ShowFormView(props: ShowFormViewProps) {
  const { t } = useT()
  const online = useOnline()
  const { form } = props
  const { values, update, errors, fieldRef } = form
  const formId = useId()
  const count = Object.keys(errors).length
  return (
    <>
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
          readOnly={Boolean(props.startFixed)}
          hint={props.startFixed ?? undefined}
        />
        <fieldset className="choice">
          <legend>{t('showForm.autoAdvance')}</legend>
          <label className="choice-option">
            <input
              type="checkbox"
              checked={values.autoAdvance}
              onChange={(e) => update({ autoAdvance: e.target.checked })}
            />
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
        {props.lotsNote}
        <PickedLots form={form} />
        <LotPicker
          chosen={values.lots.map((lot) => lot.lotId)}
          showId={props.showId ?? null}
          onAdd={form.addLot}
        />
        <Button
          type="submit"
          pending={form.sending}
          pendingLabel={props.sendingLabel}
          disabled={!online}
          disabledReason={props.offlineReason}
          reasonId={`${formId}-offline`}
        >
          {props.submitLabel}
        </Button>
      </form>
    </>
  )
}

/** The show's lots in order, each with its timer and mode, moved with up and down buttons. */
function PickedLots({ form }: { form: ShowForm }) {
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
          {values.lots.map((lot, index) => (
            <PickedLotRow key={lot.lotId} form={form} index={index} listId={listId} />
          ))}
        </ol>
      )}
    </section>
  )
}

function PickedLotRow({ form, index, listId }: { form: ShowForm; index: number; listId: string }) {
  const { t } = useT()
  const { values, errors, fieldRef } = form
  const lot = values.lots[index]!
  const timerField = `lots.${index}.timerSeconds`
  const lotError = errors[`lots.${index}.lotId`]
  const lotErrorId = `${listId}-lot-${index}-error`
  const buttonId = (direction: 'up' | 'down') => `${listId}-${lot.lotId}-${direction}`
  // The moved lot's row is drawn again elsewhere: the focus follows it (to the other arrow at an
  // end), unless the reader has moved it meanwhile.
  const move = (to: number, direction: 'up' | 'down', from: HTMLElement) => {
    form.moveLot(index, to)
    setTimeout(() => {
      const focused = document.activeElement
      if (focused !== from && focused !== document.body && focused !== null) return
      const same = document.getElementById(buttonId(direction)) as HTMLButtonElement | null
      const other = document.getElementById(buttonId(direction === 'up' ? 'down' : 'up'))
      if (same && !same.disabled) same.focus()
      else other?.focus()
    })
  }
  return (
    <li className={lotError ? 'show-pick show-pick-invalid' : 'show-pick'}>
      <strong>
        {index + 1}. {lot.title}
      </strong>
      {lotError ? (
        <p className="field-error show-pick-error" id={lotErrorId}>
          {lotError}
        </p>
      ) : null}
      <TextField
        ref={fieldRef(timerField)}
        name={timerField}
        inputMode="numeric"
        label={t('showForm.timer', { min: SHOW_TIMER_MIN_SECONDS, max: SHOW_TIMER_MAX_SECONDS })}
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
          id={buttonId('up')}
          type="button"
          className="btn btn-ghost"
          aria-label={t('showForm.moveUp', { title: lot.title })}
          disabled={index === 0}
          onClick={(event) => move(index - 1, 'up', event.currentTarget)}
        >
          ↑
        </button>
        <button
          id={buttonId('down')}
          type="button"
          className="btn btn-ghost"
          aria-label={t('showForm.moveDown', { title: lot.title })}
          disabled={index === values.lots.length - 1}
          onClick={(event) => move(index + 1, 'down', event.currentTarget)}
        >
          ↓
        </button>
        <button
          ref={fieldRef(`lots.${index}.lotId`)}
          type="button"
          className="btn btn-ghost"
          aria-label={t('showForm.remove', { title: lot.title })}
          aria-describedby={lotError ? lotErrorId : undefined}
          onClick={() => form.removeLot(index)}
        >
          ✕
        </button>
      </div>
    </li>
  )
}
