import {
  DESCRIPTION_MAX_LENGTH,
  NEXT_STEPS_MAX_LENGTH,
  LOT_IMAGE_MAX_BYTES,
  pictureFileProblem,
  SOFT_CLOSE_DEFAULT_SECONDS,
  SOFT_CLOSE_MAX_SECONDS,
  SOFT_CLOSE_MIN_SECONDS,
  STARTING_PRICE_MIN,
  TITLE_MAX_LENGTH,
  TITLE_MIN_LENGTH,
  validateLotInput,
  type LotCategory,
  type LotInput,
} from '../../../common/auction'
import { parseMoney } from '../../../common/money'
import { PICKUP_TOWN_MAX_LENGTH, type LotDeliveryInput } from '../../../common/orders/delivery'
import type { MessageKey, Translate } from '../../i18n'

/**
 * The create-lot form without React: its values, the checks it makes before sending (the same
 * validateLotInput the server runs, plus what only a text form can get wrong), and the request.
 */

export const DURATIONS = [
  { key: '10m', ms: 10 * 60_000 },
  { key: '1h', ms: 3_600_000 },
  { key: '1d', ms: 86_400_000 },
  { key: '3d', ms: 3 * 86_400_000 },
  { key: '7d', ms: 7 * 86_400_000 },
] as const

export type Field =
  | 'title'
  | 'category'
  | 'description'
  | 'nextSteps'
  | 'startingPrice'
  | 'reservePrice'
  | 'delivery'
  | 'shippingCost'
  | 'pickupTown'
  | 'startsAt'
  | 'endsAt'
  | 'softCloseSeconds'
/** The order the form shows them in: the first wrong one takes the focus. */
export const FIELD_ORDER: Field[] = [
  'title',
  'category',
  'description',
  'nextSteps',
  'startingPrice',
  'reservePrice',
  'delivery',
  'shippingCost',
  'pickupTown',
  'startsAt',
  'endsAt',
  'softCloseSeconds',
]
export type FieldErrors = Partial<Record<Field, string>>

export interface LotFormValues {
  title: string
  /** A LOT_CATEGORIES value, or '' until one is chosen (decision 0026). */
  category: string
  description: string
  /** Pickup or shipping, for the winner (decision 0023). */
  nextSteps: string
  startingPrice: string
  reservePrice: string
  /** Shipping offered, for `shippingCost` (0 = free); pickup offered, in `pickupTown`. */
  ships: boolean
  shippingCost: string
  pickup: boolean
  pickupTown: string
  startMode: 'now' | 'at'
  startsAt: string
  /** A DURATIONS key, or 'custom' for an explicit end. */
  duration: string
  endsAt: string
  softCloseSeconds: string
}

export const INITIAL_VALUES: LotFormValues = {
  title: '',
  category: '',
  description: '',
  nextSteps: '',
  startingPrice: '',
  reservePrice: '',
  ships: false,
  shippingCost: '',
  pickup: false,
  pickupTown: '',
  startMode: 'now',
  startsAt: '',
  duration: '1h',
  endsAt: '',
  softCloseSeconds: String(SOFT_CLOSE_DEFAULT_SECONDS),
}

/** datetime-local value (local wall time) → ISO, or undefined. */
function fromLocalInput(value: string): string | undefined {
  if (!value) return undefined
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString()
}

/** What to say about a field validateLotInput rejected, with the limits it broke. */
export function fieldMessage(field: Field, t: Translate, money: (minor: number) => string): string {
  switch (field) {
    case 'title':
      return t('create.err.title', { min: TITLE_MIN_LENGTH, max: TITLE_MAX_LENGTH })
    case 'description':
      return t('create.err.description', { max: DESCRIPTION_MAX_LENGTH })
    case 'nextSteps':
      return t('create.err.nextSteps', { max: NEXT_STEPS_MAX_LENGTH })
    case 'startingPrice':
      return t('create.err.startingPrice', { min: money(STARTING_PRICE_MIN) })
    case 'pickupTown':
      return t('create.err.pickupTown', { max: PICKUP_TOWN_MAX_LENGTH })
    case 'softCloseSeconds':
      return t('create.err.softCloseSeconds', {
        min: SOFT_CLOSE_MIN_SECONDS,
        max: SOFT_CLOSE_MAX_SECONDS,
      })
    default:
      return t(`create.err.${field}` as MessageKey)
  }
}

/**
 * The request the form's values make at server time `now`, and what is wrong with them (empty
 * when it may be sent). A duration counts from the chosen start, or from now.
 */
export function checkLotForm(
  values: LotFormValues,
  now: number,
  t: Translate,
  money: (minor: number) => string,
  currency: string,
): { request: LotInput; errors: FieldErrors } {
  const startingPrice = parseMoney(values.startingPrice, currency)
  const reservePrice = values.reservePrice.trim() ? parseMoney(values.reservePrice, currency) : null
  // An empty cost is not free shipping: the seller must say 0.
  const shippingCost = values.shippingCost.trim() ? parseMoney(values.shippingCost, currency) : null
  const delivery: LotDeliveryInput = {
    ...(values.ships ? { shipping: { cost: shippingCost ?? -1 } } : {}),
    ...(values.pickup ? { pickup: { town: values.pickupTown } } : {}),
  }
  const startsAt = values.startMode === 'at' ? fromLocalInput(values.startsAt) : undefined
  const start = startsAt ? Date.parse(startsAt) : now
  const duration = DURATIONS.find((d) => d.key === values.duration)
  const endsAt = duration
    ? new Date(start + duration.ms).toISOString()
    : (fromLocalInput(values.endsAt) ?? 'invalid')
  const input: LotInput = {
    title: values.title,
    category: values.category as LotCategory,
    description: values.description,
    ...(values.nextSteps.trim() ? { nextSteps: values.nextSteps } : {}),
    startingPrice: startingPrice ?? 0,
    reservePrice,
    ...(startsAt ? { startsAt } : {}),
    endsAt,
    softCloseSeconds: Number(values.softCloseSeconds),
    delivery,
  }
  const problems = validateLotInput(input, new Date(now)) as FieldErrors
  const errors: FieldErrors = {}
  for (const field of FIELD_ORDER)
    if (problems[field]) errors[field] = fieldMessage(field, t, money)
  if (startingPrice === null) errors.startingPrice = t('create.err.money')
  if (values.reservePrice.trim() && reservePrice === null)
    errors.reservePrice = t('create.err.money')
  if (values.startMode === 'at' && !startsAt) errors.startsAt = fieldMessage('startsAt', t, money)
  return {
    request: { ...input, title: input.title.trim(), reservePrice: reservePrice ?? undefined },
    errors,
  }
}

/** The server's per-field errors that this form has a field for. */
export function formFieldErrors(fieldErrors: Readonly<Record<string, string>>): FieldErrors {
  const errors: FieldErrors = {}
  for (const [field, message] of Object.entries(fieldErrors)) {
    if ((FIELD_ORDER as string[]).includes(field)) errors[field as Field] = message
  }
  return errors
}

/**
 * What is wrong with a chosen picture file, naming it (the same rule the server applies,
 * common/auction/pictures.ts), or null when it may be sent.
 */
export function pictureProblem(
  file: Pick<File, 'name' | 'type' | 'size'>,
  t: Translate,
  lang: string,
): string | null {
  const problem = pictureFileProblem(file.type, file.size)
  if (problem === null) return null
  const mb = (bytes: number) =>
    new Intl.NumberFormat(lang, { maximumFractionDigits: 1 }).format(bytes / (1024 * 1024))
  switch (problem) {
    case 'type':
      return t('sell.picture.type', { name: file.name })
    case 'empty':
      return t('sell.picture.empty', { name: file.name })
    case 'size':
      return t('sell.picture.size', {
        name: file.name,
        size: mb(file.size),
        max: mb(LOT_IMAGE_MAX_BYTES),
      })
  }
}

/** The values a field's check reads: editing any of them may make its error go. */
function fieldInputs(field: Field): Array<keyof LotFormValues> {
  switch (field) {
    case 'delivery':
      return ['ships', 'pickup', 'shippingCost', 'pickupTown']
    case 'startsAt':
      return ['startMode', 'startsAt']
    case 'endsAt':
      return ['startMode', 'startsAt', 'duration', 'endsAt']
    default:
      return [field]
  }
}

/**
 * The errors still shown after a failed submit, as the seller edits (no new submit): a field's
 * error goes once the form's own check finds that field right, and stays, with the check's
 * current words, while it is still wrong. A field the server refused goes when the seller
 * changes what it reads and the check finds it right; the others stay as they were.
 */
export function errorsStillShown(
  shown: { errors: FieldErrors; values: LotFormValues; fromServer: boolean },
  values: LotFormValues,
  current: FieldErrors,
): FieldErrors {
  const still: FieldErrors = {}
  for (const field of FIELD_ORDER) {
    const before = shown.errors[field]
    if (!before) continue
    const now = current[field]
    if (now) still[field] = now
    else if (shown.fromServer && fieldInputs(field).every((k) => values[k] === shown.values[k]))
      still[field] = before
  }
  return still
}
