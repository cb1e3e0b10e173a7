import { FEE_PERCENT_MAX, parseFeePercent, type FeeRates } from '../../common/orders/fees.ts'
import { DEFAULT_ORDER_DEADLINES, type OrderDeadlines } from '../../common/orders/states.ts'
import type { EnvReader } from './env-reader.ts'

/** What a sale costs and how long an order may wait (decision 0051). */
export interface SalesConfig {
  fees: FeeRates
  orderDeadlines: OrderDeadlines
}

/**
 * Local mode shows the fees (5 % premium, 10 % fee) so a newcomer sees them in every total;
 * production takes none unless told.
 */
const LOCAL_DEMO_PERCENT = { buyerPremium: '5', sellerFee: '10' }

/**
 * BUYER_PREMIUM_PERCENT and SELLER_FEE_PERCENT (0–50, two decimals at most), ORDER_SHIP_BY_DAYS
 * and ORDER_AUTO_COMPLETE_DAYS.
 */
export function parseSales(
  { str, int }: EnvReader,
  production: boolean,
  problems: string[],
): SalesConfig {
  const percent = (name: string, localDefault: string) => {
    const raw = str(name) ?? (production ? '0' : localDefault)
    const basisPoints = parseFeePercent(raw)
    if (basisPoints !== undefined) return basisPoints
    problems.push(
      `${name} must be a percent from 0 to ${FEE_PERCENT_MAX} with at most two decimals, like 5 or 12.5 (got "${raw}")`,
    )
    return 0
  }
  return {
    fees: {
      buyerPremiumBasisPoints: percent('BUYER_PREMIUM_PERCENT', LOCAL_DEMO_PERCENT.buyerPremium),
      sellerFeeBasisPoints: percent('SELLER_FEE_PERCENT', LOCAL_DEMO_PERCENT.sellerFee),
    },
    orderDeadlines: {
      shipByDays: int('ORDER_SHIP_BY_DAYS', DEFAULT_ORDER_DEADLINES.shipByDays, 1, 60),
      autoCompleteDays: int(
        'ORDER_AUTO_COMPLETE_DAYS',
        DEFAULT_ORDER_DEADLINES.autoCompleteDays,
        1,
        90,
      ),
    },
  }
}
