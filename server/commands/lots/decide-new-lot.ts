import {
  SOFT_CLOSE_DEFAULT_SECONDS,
  validateLotInput,
  type LotInput,
} from '../../../common/auction.ts'
import { cleanDelivery } from '../../../common/orders/delivery.ts'
import { AppError } from '../../lib/problem.ts'

/** The row a valid lot form becomes: a start in the past or absent means open now. */
export function decideNewLot(sellerId: string, body: LotInput, now: Date) {
  const errors = validateLotInput(body, now)
  if (Object.keys(errors).length > 0)
    throw new AppError(422, 'validation_failed', 'Some fields need attention.', errors)
  const startsAt = body.startsAt && new Date(body.startsAt) > now ? new Date(body.startsAt) : now
  return {
    sellerId,
    title: body.title.trim(),
    category: body.category,
    description: (body.description ?? '').trim(),
    nextSteps: (body.nextSteps ?? '').trim(),
    // validateLotInput refused a lot without one.
    delivery: cleanDelivery(body.delivery ?? {}),
    startingPrice: body.startingPrice,
    reservePrice: body.reservePrice ?? null,
    startsAt,
    endsAt: new Date(body.endsAt),
    softCloseSeconds: body.softCloseSeconds ?? SOFT_CLOSE_DEFAULT_SECONDS,
    status: startsAt > now ? ('scheduled' as const) : ('open' as const),
  }
}
