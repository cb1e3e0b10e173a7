/** A lot to create: the per-field checks the form and the API share. */
import {
  DESCRIPTION_MAX_LENGTH,
  DURATION_MAX_MS,
  DURATION_MIN_MS,
  MONEY_MAX,
  NEXT_STEPS_MAX_LENGTH,
  SCHEDULE_AHEAD_MAX_MS,
  SOFT_CLOSE_DEFAULT_SECONDS,
  SOFT_CLOSE_MAX_SECONDS,
  SOFT_CLOSE_MIN_SECONDS,
  START_SKEW_MS,
  STARTING_PRICE_MIN,
  TITLE_MAX_LENGTH,
  TITLE_MIN_LENGTH,
} from './limits.ts'
import { isLotCategory, type LotCategory } from './finding.ts'
import { isMoney } from './prices.ts'
import { isLineOfText, LINE_OF_TEXT_MESSAGE } from './text.ts'
import { deliveryProblems, type LotDeliveryInput } from '../orders/delivery.ts'

export interface LotInput {
  title: string
  /** One of `LOT_CATEGORIES`; required (decision 0026). */
  category: LotCategory
  description?: string | undefined
  /** Pickup or shipping note the buyer sees once the lot is sold. */
  nextSteps?: string | undefined
  startingPrice: number
  reservePrice?: number | null | undefined
  /** ISO-8601; omitted = now. */
  startsAt?: string | undefined
  endsAt: string
  softCloseSeconds?: number | undefined
  /** Shipping, a pickup, or both: required (issue 29). */
  delivery?: LotDeliveryInput | undefined
}

/** Per-field problems with a lot to create, checked against `now`; empty when it is valid. */
export function validateLotInput(input: LotInput, now: Date): Record<string, string> {
  const errors: Record<string, string> = {}
  const title = input.title.trim()
  if (title.length < TITLE_MIN_LENGTH || title.length > TITLE_MAX_LENGTH) {
    errors.title = `Must be ${TITLE_MIN_LENGTH} to ${TITLE_MAX_LENGTH} characters.`
  } else if (!isLineOfText(title)) {
    errors.title = LINE_OF_TEXT_MESSAGE
  }
  if (!isLotCategory(input.category)) errors.category = 'Choose a category.'
  // Stryker disable next-line StringLiteral: equivalent — any short stand-in for a missing description is within the limit
  if ((input.description ?? '').length > DESCRIPTION_MAX_LENGTH) {
    errors.description = `Must be at most ${DESCRIPTION_MAX_LENGTH} characters.`
  }
  // Stryker disable next-line StringLiteral: equivalent — any short stand-in for missing next steps is within the limit
  if ((input.nextSteps ?? '').trim().length > NEXT_STEPS_MAX_LENGTH) {
    errors.nextSteps = `Must be at most ${NEXT_STEPS_MAX_LENGTH} characters.`
  }
  Object.assign(errors, deliveryProblems(input.delivery))
  if (!isMoney(input.startingPrice) || input.startingPrice < STARTING_PRICE_MIN) {
    errors.startingPrice = `Must be a whole number of cents from ${STARTING_PRICE_MIN} to ${MONEY_MAX}.`
  }
  const reserve = input.reservePrice ?? null
  if (reserve !== null && (!isMoney(reserve) || reserve < input.startingPrice)) {
    errors.reservePrice = 'Must be at least the starting price.'
  }
  const soft = input.softCloseSeconds ?? SOFT_CLOSE_DEFAULT_SECONDS
  if (!Number.isInteger(soft) || soft < SOFT_CLOSE_MIN_SECONDS || soft > SOFT_CLOSE_MAX_SECONDS) {
    errors.softCloseSeconds = `Must be ${SOFT_CLOSE_MIN_SECONDS} to ${SOFT_CLOSE_MAX_SECONDS} seconds.`
  }
  const starts = input.startsAt === undefined ? now : new Date(input.startsAt)
  const ends = new Date(input.endsAt)
  if (Number.isNaN(starts.getTime())) errors.startsAt = 'Is not a valid time.'
  else if (starts.getTime() < now.getTime() - START_SKEW_MS)
    errors.startsAt = 'Must not be in the past.'
  else if (starts.getTime() > now.getTime() + SCHEDULE_AHEAD_MAX_MS) {
    errors.startsAt = 'Must be within 30 days.'
  }
  if (Number.isNaN(ends.getTime())) errors.endsAt = 'Is not a valid time.'
  else if (!errors.startsAt) {
    const duration = ends.getTime() - Math.max(starts.getTime(), now.getTime())
    if (duration < DURATION_MIN_MS) errors.endsAt = 'Must be at least 1 minute after the start.'
    else if (ends.getTime() - starts.getTime() > DURATION_MAX_MS) {
      errors.endsAt = 'Must be at most 14 days after the start.'
    }
  }
  return errors
}
