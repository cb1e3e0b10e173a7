import { parseMoney } from '../../common/money.ts'
import type { EnvReader } from './env-reader.ts'

/** What may leave Lotline, and local mode's demo credit (decision 0053). */
export interface MoneyOutConfig {
  /** PAYOUT_MIN: the smallest payout, minor units. */
  payoutMin: number
  /** PAYOUT_DAILY_MAX: what one member may pay out in any 24 hours, minor units. */
  payoutDailyMax: number
  /** REFUND_WINDOW_DAYS: a top-up older than this is not refunded to its card. */
  refundWindowDays: number
  /**
   * DEMO_CREDIT: what a new member receives in local mode without Stripe keys (never money, never
   * withdrawable); 0 otherwise. Production refuses any other value.
   */
  demoCredit: number
}

/**
 * PAYOUT_MIN and PAYOUT_DAILY_MAX are amounts as people write them ("10.00", "5000"), read by the
 * one money parser; DEMO_CREDIT likewise.
 */
export function parseMoneyOut(
  read: EnvReader,
  context: { production: boolean; stripeConfigured: boolean; currency: string },
  problems: string[],
): MoneyOutConfig {
  const amount = (name: string, fallback: number) => {
    const raw = read.str(name)
    if (raw === undefined) return fallback
    const value = parseMoney(raw, context.currency)
    if (value === null) {
      problems.push(`${name} must be an amount like 10.00 (got "${raw}")`)
      return fallback
    }
    return value
  }
  const payoutMin = amount('PAYOUT_MIN', 1_000)
  const payoutDailyMax = amount('PAYOUT_DAILY_MAX', 500_000)
  if (payoutDailyMax < payoutMin) {
    problems.push('PAYOUT_DAILY_MAX must not be below PAYOUT_MIN')
  }
  const localDemo = !context.production && !context.stripeConfigured
  const demoCredit = amount('DEMO_CREDIT', localDemo ? 50_000 : 0)
  if (context.production && demoCredit > 0) {
    problems.push('DEMO_CREDIT is for local mode; production never grants demo credit')
  }
  return {
    payoutMin,
    payoutDailyMax,
    refundWindowDays: read.int('REFUND_WINDOW_DAYS', 180, 1, 365),
    demoCredit: context.production ? 0 : demoCredit,
  }
}
