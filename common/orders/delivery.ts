/**
 * How a lot reaches its buyer (issue 29): shipping for a flat cost (0 allowed), a pickup in a town
 * shown publicly, or both. The listing form and the API check it with the same rules.
 */
import { MONEY_MAX } from '../auction/limits.ts'
import { isLineOfText, LINE_OF_TEXT_MESSAGE } from '../auction/text.ts'
import type { OrderDelivery } from './states.ts'

export const PICKUP_TOWN_MAX_LENGTH = 80

/** Whole cents, free shipping (0) included, never more than any price may be. */
const isShippingCost = (cost: unknown): cost is number =>
  typeof cost === 'number' && Number.isSafeInteger(cost) && cost >= 0 && cost <= MONEY_MAX

/** What a lot offers; at least one of the two for every lot listed since orders exist. */
export interface LotDelivery {
  shipping: { cost: number } | null
  pickup: { town: string } | null
}

/** What a seller sends (`POST /api/lots`, `PATCH /api/lots/:id`). */
export interface LotDeliveryInput {
  shipping?: { cost: number } | undefined
  pickup?: { town: string } | undefined
}

/**
 * Field → message for a delivery that cannot be listed (`delivery` when neither way is offered,
 * `shippingCost`, `pickupTown`); empty when it can.
 */
export function deliveryProblems(input: LotDeliveryInput | undefined): Record<string, string> {
  if (!input?.shipping && !input?.pickup) {
    return { delivery: 'Offer shipping, a pickup, or both.' }
  }
  const problems: Record<string, string> = {}
  if (input.shipping && !isShippingCost(input.shipping.cost)) {
    problems.shippingCost = `Must be a whole number of cents from 0 to ${MONEY_MAX}.`
  }
  if (input.pickup) {
    const town = input.pickup.town.trim()
    if (!isLineOfText(town)) problems.pickupTown = LINE_OF_TEXT_MESSAGE
    else if (town.length > PICKUP_TOWN_MAX_LENGTH) {
      problems.pickupTown = `Must be at most ${PICKUP_TOWN_MAX_LENGTH} characters.`
    }
  }
  return problems
}

/** The delivery as it is kept: the town trimmed, what was not offered null. */
export const cleanDelivery = (input: LotDeliveryInput): LotDelivery => ({
  shipping: input.shipping ? { cost: input.shipping.cost } : null,
  pickup: input.pickup ? { town: input.pickup.town.trim() } : null,
})

/**
 * What the order of this lot starts from. A lot listed before delivery existed offers neither:
 * its sale is arranged as a pickup, as it always was.
 */
export function orderDeliveryOf(delivery: LotDelivery): OrderDelivery {
  if (delivery.shipping && delivery.pickup) return 'either'
  return delivery.shipping ? 'shipping' : 'pickup'
}

/**
 * The shipping a bid must cover and a sale charges: the lot's cost whenever it ships, even when a
 * pickup is offered too (the buyer who then picks the pickup gets it back, decision 0051).
 */
export const shippingCharged = (delivery: LotDelivery) => delivery.shipping?.cost ?? 0
