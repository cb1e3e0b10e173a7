import { DESCRIPTION_MAX_LENGTH, TITLE_MAX_LENGTH, TITLE_MIN_LENGTH } from '../../../common/auction'
import {
  SHOW_AUTO_ADVANCE_MAX_SECONDS,
  SHOW_LOTS_MAX,
  SHOW_SCHEDULE_AHEAD_MAX_MS,
  SHOW_TIMER_MAX_SECONDS,
  SHOW_TIMER_MIN_SECONDS,
  type ShowMode,
} from '../../../common/shows'
import type { Translate } from '../../i18n'
import type { CreateShowInput } from './api'

export interface PickedLot {
  lotId: string
  title: string
  timerSeconds: string
  mode: ShowMode
}

export interface ShowFormValues {
  title: string
  description: string
  /** `datetime-local`, the reader's time zone. */
  startsAt: string
  autoAdvance: boolean
  autoAdvanceSeconds: string
  lots: PickedLot[]
}

/** A field's name: `title`, …, `lots`, or one picked lot's timer `lots.{index}.timerSeconds`. */
export type FieldErrors = Record<string, string>

export const INITIAL_SHOW_VALUES: ShowFormValues = {
  title: '',
  description: '',
  startsAt: '',
  autoAdvance: false,
  autoAdvanceSeconds: '10',
  lots: [],
}

const wholeIn = (text: string, min: number, max: number): number | null => {
  if (!/^\d{1,4}$/.test(text.trim())) return null
  const value = Number(text)
  return value >= min && value <= max ? value : null
}

/** The form's value for one field name, to tell whether it changed since an error was shown. */
export function fieldValue(values: ShowFormValues, field: string): string {
  const timer = /^lots\.(\d+)\.timerSeconds$/.exec(field)
  if (timer) return values.lots[Number(timer[1])]?.timerSeconds ?? ''
  if (field === 'lots') return values.lots.map((lot) => lot.lotId).join(',')
  if (field === 'autoAdvanceSeconds') return `${values.autoAdvance}:${values.autoAdvanceSeconds}`
  const value = values[field as keyof ShowFormValues]
  return typeof value === 'string' ? value : String(value)
}

/** The same checks the server makes, before anything is sent. */
export function checkShowForm(values: ShowFormValues, now: number, t: Translate): FieldErrors {
  const errors: FieldErrors = {}
  const title = values.title.trim()
  if (title.length < TITLE_MIN_LENGTH || title.length > TITLE_MAX_LENGTH)
    errors.title = t('showForm.error.title', { min: TITLE_MIN_LENGTH, max: TITLE_MAX_LENGTH })
  if (values.description.length > DESCRIPTION_MAX_LENGTH)
    errors.description = t('showForm.error.description', { max: DESCRIPTION_MAX_LENGTH })
  const starts = values.startsAt ? new Date(values.startsAt).getTime() : NaN
  if (Number.isNaN(starts)) errors.startsAt = t('showForm.error.startsAt')
  else if (starts <= now) errors.startsAt = t('showForm.error.startsPast')
  else if (starts > now + SHOW_SCHEDULE_AHEAD_MAX_MS)
    errors.startsAt = t('showForm.error.startsFar')
  if (
    values.autoAdvance &&
    wholeIn(values.autoAdvanceSeconds, 0, SHOW_AUTO_ADVANCE_MAX_SECONDS) === null
  )
    errors.autoAdvanceSeconds = t('showForm.error.autoAdvance', {
      max: SHOW_AUTO_ADVANCE_MAX_SECONDS,
    })
  if (values.lots.length === 0) errors.lots = t('showForm.error.noLots')
  else if (values.lots.length > SHOW_LOTS_MAX)
    errors.lots = t('showForm.error.tooManyLots', { max: SHOW_LOTS_MAX })
  values.lots.forEach((lot, index) => {
    if (wholeIn(lot.timerSeconds, SHOW_TIMER_MIN_SECONDS, SHOW_TIMER_MAX_SECONDS) === null)
      errors[`lots.${index}.timerSeconds`] = t('showForm.error.timer', {
        min: SHOW_TIMER_MIN_SECONDS,
        max: SHOW_TIMER_MAX_SECONDS,
      })
  })
  return errors
}

export function toCreateInput(values: ShowFormValues): CreateShowInput {
  const description = values.description.trim()
  return {
    title: values.title.trim(),
    ...(description ? { description } : {}),
    startsAt: new Date(values.startsAt).toISOString(),
    autoAdvanceSeconds: values.autoAdvance ? Number(values.autoAdvanceSeconds) : null,
    lots: values.lots.map((lot) => ({
      lotId: lot.lotId,
      timerSeconds: Number(lot.timerSeconds),
      mode: lot.mode,
    })),
  }
}

/** The server's `errors` keys (`lots/0/timerSeconds`, `/title`, `lots[0].timerSeconds`) as ours. */
export function fromServerErrors(errors: Readonly<Record<string, string>>): FieldErrors {
  const out: FieldErrors = {}
  for (const [key, message] of Object.entries(errors)) {
    const name = key
      .replace(/\[(\d+)\]/g, '.$1')
      .replace(/\//g, '.')
      .replace(/^\.+/, '')
    out[name] = message
  }
  return out
}

/** Moves one item of `list` from `from` to `to` (the up and down buttons). */
export function movedItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length) return [...list]
  const copy = [...list]
  const [item] = copy.splice(from, 1)
  copy.splice(to, 0, item!)
  return copy
}

/** Field names in the order of the form: the first wrong one takes the focus. */
export function fieldOrder(values: ShowFormValues): string[] {
  return [
    'title',
    'description',
    'startsAt',
    'autoAdvanceSeconds',
    'lots',
    ...values.lots.map((_lot, index) => `lots.${index}.timerSeconds`),
  ]
}
