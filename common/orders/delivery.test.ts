import { describe, expect, it } from 'vitest'
import { MONEY_MAX } from '../auction/limits.ts'
import {
  cleanDelivery,
  deliveryProblems,
  orderDeliveryOf,
  PICKUP_TOWN_MAX_LENGTH,
  shippingCharged,
} from './delivery.ts'

describe('deliveryProblems', () => {
  it('wants at least one way to reach the buyer', () => {
    const none = { delivery: 'Offer shipping, a pickup, or both.' }
    expect(deliveryProblems(undefined)).toEqual(none)
    expect(deliveryProblems({})).toEqual(none)
  })

  it('takes shipping from free to the money limit, in whole cents', () => {
    for (const cost of [0, 1, 650, MONEY_MAX]) {
      expect(deliveryProblems({ shipping: { cost } })).toEqual({})
    }
    const message = { shippingCost: `Must be a whole number of cents from 0 to ${MONEY_MAX}.` }
    for (const cost of [-1, 6.5, MONEY_MAX + 1, Number.NaN, Infinity, '650' as unknown as number]) {
      expect(deliveryProblems({ shipping: { cost } })).toEqual(message)
    }
  })

  it('wants a pickup town on one visible line within its length', () => {
    expect(deliveryProblems({ pickup: { town: '  Segovia ' } })).toEqual({})
    expect(
      deliveryProblems({ pickup: { town: ` ${'a'.repeat(PICKUP_TOWN_MAX_LENGTH)} ` } }),
    ).toEqual({})
    expect(deliveryProblems({ pickup: { town: 'a'.repeat(PICKUP_TOWN_MAX_LENGTH + 1) } })).toEqual({
      pickupTown: `Must be at most ${PICKUP_TOWN_MAX_LENGTH} characters.`,
    })
    for (const town of ['', '  ', '\u200b', 'Sego\nvia']) {
      expect(deliveryProblems({ pickup: { town } })).toEqual({
        pickupTown: 'Must be one line with visible characters.',
      })
    }
  })

  it('names both fields when both are wrong', () => {
    expect(deliveryProblems({ shipping: { cost: -5 }, pickup: { town: '' } })).toEqual({
      shippingCost: `Must be a whole number of cents from 0 to ${MONEY_MAX}.`,
      pickupTown: 'Must be one line with visible characters.',
    })
  })
})

describe('what a delivery means for the sale', () => {
  const shipping = { cost: 650 }
  const pickup = { town: 'Segovia' }

  it('keeps the town trimmed and what was not offered as null', () => {
    expect(cleanDelivery({ pickup: { town: ' Segovia ' } })).toEqual({ shipping: null, pickup })
    expect(cleanDelivery({ shipping })).toEqual({ shipping, pickup: null })
  })

  it('starts the order from what the lot offered', () => {
    expect(orderDeliveryOf({ shipping, pickup: null })).toBe('shipping')
    expect(orderDeliveryOf({ shipping: null, pickup })).toBe('pickup')
    expect(orderDeliveryOf({ shipping, pickup })).toBe('either')
    expect(orderDeliveryOf({ shipping: null, pickup: null })).toBe('pickup')
  })

  it('charges the shipping whenever the lot ships', () => {
    expect(shippingCharged({ shipping, pickup })).toBe(650)
    expect(shippingCharged({ shipping, pickup: null })).toBe(650)
    expect(shippingCharged({ shipping: null, pickup })).toBe(0)
  })
})
