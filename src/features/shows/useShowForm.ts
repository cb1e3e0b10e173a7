import { useRef, useState, type FormEvent } from 'react'
import { SHOW_TIMER_DEFAULT_SECONDS } from '../../../common/shows'
import type { LotSummary } from '../../../common/auction'
import { isApiError } from '../../api/errors'
import { useT } from '../../i18n'
import { errorMessage } from '../../i18n/error-message'
import { serverNow } from '../lots'
import {
  checkShowForm,
  fieldOrder,
  fieldValue,
  fromServerErrors,
  movedItem,
  type CheckOptions,
  type FieldErrors,
  type PickedLot,
  type ShowFormValues,
} from './create-show-form'

type FieldElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement | HTMLButtonElement

export interface ShowFormOptions {
  initial: ShowFormValues
  /** What to check before sending (the create and edit forms differ on the start and lots). */
  checks: (values: ShowFormValues) => CheckOptions
  /** Sends the checked values; calls `onError` with what the server answered. */
  send: (values: ShowFormValues, onError: (error: unknown) => void) => void
  sending: boolean
}

/**
 * A show form's state, shared by the create and edit screens: checked before sending; the
 * server's `errors` go to their fields (a lot it refused, to that lot); an error goes as soon as
 * its field is changed (the others stay until theirs are).
 */
export function useShowForm(options: ShowFormOptions) {
  const { t, lang } = useT()
  const [values, setValues] = useState<ShowFormValues>(options.initial)
  const [shown, setShown] = useState<{ errors: FieldErrors; values: ShowFormValues } | null>(null)
  const [formError, setFormError] = useState<string | null>(null)
  const refs = useRef<Record<string, FieldElement | null>>({})

  const errors: FieldErrors = {}
  if (shown)
    for (const [field, message] of Object.entries(shown.errors))
      if (fieldValue(values, field) === fieldValue(shown.values, field)) errors[field] = message

  const update = (change: Partial<ShowFormValues>) => setValues((v) => ({ ...v, ...change }))
  const fieldRef = (name: string) => (el: FieldElement | null) => void (refs.current[name] = el)
  const showErrors = (found: FieldErrors) => {
    setShown({ errors: found, values })
    const first = fieldOrder(values).find((field) => found[field])
    if (first) refs.current[first]?.focus()
  }

  const setLots = (change: (lots: PickedLot[]) => PickedLot[]) =>
    setValues((v) => ({ ...v, lots: change(v.lots) }))
  const addLot = (lot: LotSummary) =>
    setLots((lots) =>
      lots.some((picked) => picked.lotId === lot.id)
        ? lots
        : [
            ...lots,
            {
              lotId: lot.id,
              title: lot.title,
              timerSeconds: String(SHOW_TIMER_DEFAULT_SECONDS),
              mode: 'standard',
            },
          ],
    )
  const removeLot = (index: number) => setLots((lots) => lots.filter((_lot, i) => i !== index))
  const moveLot = (from: number, to: number) => setLots((lots) => movedItem(lots, from, to))
  const changeLot = (index: number, change: Partial<PickedLot>) =>
    setLots((lots) => lots.map((lot, i) => (i === index ? { ...lot, ...change } : lot)))

  /** The server's field errors as the form's; `lot_not_showable` names lots by id. */
  const serverErrors = (error: unknown): FieldErrors => {
    if (!isApiError(error)) return {}
    if (error.code !== 'lot_not_showable') return fromServerErrors(error.fieldErrors)
    const found: FieldErrors = {}
    values.lots.forEach((lot, index) => {
      if (error.fieldErrors[lot.lotId] !== undefined)
        found[`lots.${index}.lotId`] = t('showForm.error.notShowable')
    })
    return found
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    setFormError(null)
    const found = checkShowForm(values, serverNow(), t, options.checks(values))
    if (Object.keys(found).length > 0) return showErrors(found)
    setShown(null)
    options.send(values, (error) => {
      const fields = serverErrors(error)
      const known = new Set(fieldOrder(values))
      const mine = Object.fromEntries(Object.entries(fields).filter(([k]) => known.has(k)))
      if (Object.keys(mine).length > 0) showErrors(mine)
      if (Object.keys(mine).length < Object.keys(fields).length || !Object.keys(fields).length)
        setFormError(errorMessage(error, lang))
      else if (isApiError(error) && error.status === 409) setFormError(errorMessage(error, lang))
    })
  }

  return {
    values,
    update,
    errors,
    formError,
    fieldRef,
    addLot,
    removeLot,
    moveLot,
    changeLot,
    onSubmit,
    sending: options.sending,
  }
}

export type ShowForm = ReturnType<typeof useShowForm>
