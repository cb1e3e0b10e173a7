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
import type { ShowChange, ShowDetail } from '../../../common/shows'
import type { CreateShowInput, ShowLotInput } from './api'

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
  // A lot the server refused: its error goes once it moves or leaves the list.
  const lot = /^lots\.(\d+)\.lotId$/.exec(field)
  if (lot) return values.lots[Number(lot[1])]?.lotId ?? ''
  if (field === 'lots') return values.lots.map((lot) => lot.lotId).join(',')
  if (field === 'autoAdvanceSeconds') return `${values.autoAdvance}:${values.autoAdvanceSeconds}`
  const value = values[field as keyof ShowFormValues]
  return typeof value === 'string' ? value : String(value)
}

/**
 * What the form checks beyond the fields: the create form needs a start and a lot; the edit form
 * checks the start only when it changed (a show may run past its start), and counts the lots
 * already run against the show's limit.
 */
export interface CheckOptions {
  checkStart: boolean
  requireLots: boolean
  maxLots: number
}
const CREATE_CHECKS: CheckOptions = { checkStart: true, requireLots: true, maxLots: SHOW_LOTS_MAX }

/** The same checks the server makes, before anything is sent. */
export function checkShowForm(
  values: ShowFormValues,
  now: number,
  t: Translate,
  options: CheckOptions = CREATE_CHECKS,
): FieldErrors {
  const errors: FieldErrors = {}
  const title = values.title.trim()
  if (title.length < TITLE_MIN_LENGTH || title.length > TITLE_MAX_LENGTH)
    errors.title = t('showForm.error.title', { min: TITLE_MIN_LENGTH, max: TITLE_MAX_LENGTH })
  if (values.description.length > DESCRIPTION_MAX_LENGTH)
    errors.description = t('showForm.error.description', { max: DESCRIPTION_MAX_LENGTH })
  const starts = values.startsAt ? new Date(values.startsAt).getTime() : NaN
  if (!options.checkStart) {
    // The start is fixed (the show has begun) or unchanged: it is not sent.
  } else if (Number.isNaN(starts)) errors.startsAt = t('showForm.error.startsAt')
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
  if (options.requireLots && values.lots.length === 0) errors.lots = t('showForm.error.noLots')
  else if (values.lots.length > options.maxLots)
    errors.lots = t('showForm.error.tooManyLots', { max: options.maxLots })
  values.lots.forEach((lot, index) => {
    if (wholeIn(lot.timerSeconds, SHOW_TIMER_MIN_SECONDS, SHOW_TIMER_MAX_SECONDS) === null)
      errors[`lots.${index}.timerSeconds`] = t('showForm.error.timer', {
        min: SHOW_TIMER_MIN_SECONDS,
        max: SHOW_TIMER_MAX_SECONDS,
      })
  })
  return errors
}

const toLotInputs = (lots: readonly PickedLot[]): ShowLotInput[] =>
  lots.map((lot) => ({ lotId: lot.lotId, timerSeconds: Number(lot.timerSeconds), mode: lot.mode }))

export function toCreateInput(values: ShowFormValues): CreateShowInput {
  const description = values.description.trim()
  return {
    title: values.title.trim(),
    ...(description ? { description } : {}),
    startsAt: new Date(values.startsAt).toISOString(),
    autoAdvanceSeconds: values.autoAdvance ? Number(values.autoAdvanceSeconds) : null,
    lots: toLotInputs(values.lots),
  }
}

/** An ISO time as a `datetime-local` value in the reader's time zone. */
export function toLocalInput(iso: string): string {
  const at = new Date(iso)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`
}

/** The edit form's values: the show's fields and the lots still queued, in order. */
export function valuesOfShow(show: ShowDetail): ShowFormValues {
  return {
    title: show.title,
    description: show.description,
    startsAt: toLocalInput(show.startsAt),
    autoAdvance: show.autoAdvanceSeconds !== null,
    autoAdvanceSeconds: String(show.autoAdvanceSeconds ?? 10),
    lots: show.lots
      .filter((entry) => entry.state === 'queued')
      .map((entry) => ({
        lotId: entry.lotId,
        title: entry.lot.title,
        timerSeconds: String(entry.timerSeconds),
        mode: entry.mode,
      })),
  }
}

/**
 * What the edit form sends: the fields that differ from the show's (`change`, for PATCH; null when
 * none) and the whole queue when it differs in any lot, order, timer or mode (`lots`, for PUT).
 */
export function editsOf(
  values: ShowFormValues,
  initial: ShowFormValues,
): { change: ShowChange | null; lots: ShowLotInput[] | null } {
  const change: ShowChange = {}
  if (values.title.trim() !== initial.title) change.title = values.title.trim()
  if (values.description.trim() !== initial.description.trim())
    change.description = values.description.trim()
  if (values.startsAt !== initial.startsAt)
    change.startsAt = new Date(values.startsAt).toISOString()
  const advance = values.autoAdvance ? Number(values.autoAdvanceSeconds) : null
  const before = initial.autoAdvance ? Number(initial.autoAdvanceSeconds) : null
  if (advance !== before) change.autoAdvanceSeconds = advance
  const lots = toLotInputs(values.lots)
  const same = JSON.stringify(lots) === JSON.stringify(toLotInputs(initial.lots))
  return { change: Object.keys(change).length > 0 ? change : null, lots: same ? null : lots }
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
    ...values.lots.flatMap((_lot, index) => [`lots.${index}.lotId`, `lots.${index}.timerSeconds`]),
  ]
}
