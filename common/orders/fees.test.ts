import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { MONEY_MAX } from '../auction/limits.ts'
import {
  basisPointsOf,
  buyerTotalAt,
  NO_FEES,
  parseFeePercent,
  percentOf,
  saleAmounts,
  type FeeRates,
} from './fees.ts'

const DEMO: FeeRates = { buyerPremiumBasisPoints: 500, sellerFeeBasisPoints: 1000 }

describe('parseFeePercent: the two fee settings', () => {
  it.each([
    ['0', 0],
    ['5', 500],
    ['5.5', 550],
    ['5.25', 525],
    ['0.01', 1],
    ['12.50', 1250],
    ['50', 5000],
    ['50.00', 5000],
  ])('reads "%s" as %i basis points', (raw, basisPoints) => {
    expect(parseFeePercent(raw)).toBe(basisPoints)
  })

  it.each([
    '',
    '50.01',
    '51',
    '100',
    '-1',
    '5.255',
    '05',
    '5.',
    '.5',
    '5,5',
    ' 5',
    '5 ',
    '5e1',
    '0x5',
    'NaN',
    'Infinity',
    '5%',
  ])('refuses "%s"', (raw) => {
    expect(parseFeePercent(raw)).toBeUndefined()
  })

  it('publishes what it read and reads back what it published', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5000 }), (basisPoints) => {
        expect(basisPointsOf(percentOf(basisPoints))).toBe(basisPoints)
        const written = percentOf(basisPoints).toString()
        expect(parseFeePercent(written)).toBe(basisPoints)
      }),
    )
  })
})

describe('saleAmounts', () => {
  it('itemises a €100 hammer at the demo rates with €6.50 shipping', () => {
    expect(saleAmounts(10_000, 650, DEMO)).toEqual({
      hammer: 10_000,
      premium: 500,
      shipping: 650,
      buyerTotal: 11_150,
      sellerFee: 1_000,
      sellerProceeds: 9_650,
      houseTake: 1_500,
    })
  })

  it('takes nothing without fees: the buyer pays and the seller gets hammer plus shipping', () => {
    expect(saleAmounts(1_234, 0, NO_FEES)).toMatchObject({
      buyerTotal: 1_234,
      sellerProceeds: 1_234,
      houseTake: 0,
    })
  })

  it('rounds each fee down, in the member’s favour', () => {
    // 5.25 % of €10.01 is 52.5525 cents; 12.5 % of it is 125.125 cents.
    const rates = { buyerPremiumBasisPoints: 525, sellerFeeBasisPoints: 1250 }
    expect(saleAmounts(1_001, 0, rates)).toMatchObject({ premium: 52, sellerFee: 125 })
    // A whole result is not rounded away: 5 % of €1.00 is exactly 5 cents.
    expect(saleAmounts(100, 0, DEMO).premium).toBe(5)
    expect(saleAmounts(99, 0, DEMO).premium).toBe(4)
  })

  it('always balances: what the buyer pays is what the seller and the house receive', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: MONEY_MAX }),
        fc.integer({ min: 0, max: MONEY_MAX }),
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 0, max: 5000 }),
        (hammer, shipping, buyerPremiumBasisPoints, sellerFeeBasisPoints) => {
          const rates = { buyerPremiumBasisPoints, sellerFeeBasisPoints }
          const sale = saleAmounts(hammer, shipping, rates)
          expect(sale.buyerTotal).toBe(sale.sellerProceeds + sale.houseTake)
          expect(sale.houseTake).toBe(sale.premium + sale.sellerFee)
          for (const [fee, basisPoints] of [
            [sale.premium, buyerPremiumBasisPoints],
            [sale.sellerFee, sellerFeeBasisPoints],
          ] as const) {
            expect(Number.isInteger(fee)).toBe(true)
            expect(fee * 10_000).toBeLessThanOrEqual(hammer * basisPoints)
            expect((fee + 1) * 10_000).toBeGreaterThan(hammer * basisPoints)
          }
        },
      ),
    )
  })
})

describe('buyerTotalAt: the hold on a maximum', () => {
  it('covers premium and shipping', () => {
    expect(buyerTotalAt(10_000, 650, DEMO)).toBe(11_150)
    expect(buyerTotalAt(10_000, 0, NO_FEES)).toBe(10_000)
  })

  it('never holds less for a higher maximum', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: MONEY_MAX - 1 }),
        fc.integer({ min: 0, max: 5000 }),
        (max, basisPoints) => {
          const rates = { buyerPremiumBasisPoints: basisPoints, sellerFeeBasisPoints: 0 }
          expect(buyerTotalAt(max + 1, 0, rates)).toBeGreaterThanOrEqual(
            buyerTotalAt(max, 0, rates),
          )
        },
      ),
    )
  })
})
