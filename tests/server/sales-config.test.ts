import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/config.ts'
import { configProblems, createTestApp, type TestApp } from './helpers.ts'

/** Fees and order deadlines (decision 0051): settings, their spellings, and /api/config. */
const PRODUCTION = {
  NODE_ENV: 'production',
  EMAIL: 'off',
  SESSION_SECRET: 'a'.repeat(40),
  PUSHER_APP_ID: 'prod-app',
  PUSHER_APP_KEY: 'prod-key',
  PUSHER_APP_SECRET: 'prod-secret',
  WEB_PUSH: 'off',
}

describe('sales settings', () => {
  it('shows fees in local mode and takes none in production unless told', () => {
    expect(loadConfig({}).sales.fees).toEqual({
      buyerPremiumBasisPoints: 500,
      sellerFeeBasisPoints: 1000,
    })
    expect(loadConfig(PRODUCTION).sales.fees).toEqual({
      buyerPremiumBasisPoints: 0,
      sellerFeeBasisPoints: 0,
    })
    expect(loadConfig(PRODUCTION).sales.orderDeadlines).toEqual({
      shipByDays: 5,
      autoCompleteDays: 14,
    })
  })

  it('reads percents with up to two decimals, 0 to 50', () => {
    const sales = loadConfig({
      ...PRODUCTION,
      BUYER_PREMIUM_PERCENT: '12.5',
      SELLER_FEE_PERCENT: ' 0.25 ',
      ORDER_SHIP_BY_DAYS: '3',
      ORDER_AUTO_COMPLETE_DAYS: '21',
    }).sales
    expect(sales.fees).toEqual({ buyerPremiumBasisPoints: 1250, sellerFeeBasisPoints: 25 })
    expect(sales.orderDeadlines).toEqual({ shipByDays: 3, autoCompleteDays: 21 })
  })

  it.each(['50.01', '-1', '5,5', '1e1', '5%', '0x10', '12.345', 'ten'])(
    'refuses BUYER_PREMIUM_PERCENT=%s and SELLER_FEE_PERCENT=%s by name',
    (raw) => {
      const problems = configProblems({ BUYER_PREMIUM_PERCENT: raw, SELLER_FEE_PERCENT: raw })
      expect(problems).toHaveLength(2)
      expect(problems[0]).toContain('BUYER_PREMIUM_PERCENT must be a percent from 0 to 50')
      expect(problems[1]).toContain('SELLER_FEE_PERCENT must be a percent from 0 to 50')
    },
  )

  it('refuses order deadlines outside their ranges', () => {
    expect(configProblems({ ORDER_SHIP_BY_DAYS: '0', ORDER_AUTO_COMPLETE_DAYS: '91' })).toEqual([
      'ORDER_SHIP_BY_DAYS must be an integer from 1 to 60 (got "0")',
      'ORDER_AUTO_COMPLETE_DAYS must be an integer from 1 to 90 (got "91")',
    ])
  })
})

describe('GET /api/config', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ env: { BUYER_PREMIUM_PERCENT: '5.25', SELLER_FEE_PERCENT: '0' } })
  })
  afterAll(() => t.close())

  it('publishes the fees in percent, so the app can show every total before a bid', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' })
    expect(res.statusCode).toBe(200)
    expect(res.json().fees).toEqual({ buyerPremiumPercent: 5.25, sellerFeePercent: 0 })
  })
})
