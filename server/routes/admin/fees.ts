import { Type, type FastifyPluginAsyncTypebox, type Static } from '@fastify/type-provider-typebox'
import { RECENT_FEE_DAYS, type AdminFees } from '../../../common/orders/shapes.ts'
import type { Database } from '../../db/types.ts'
import { houseFeeTotals } from '../../repositories/fees.ts'
import { Closed, responses, type Same } from '../../schemas/shared.ts'
import { requireAdmin } from './guard.ts'

const Totals = Closed({
  premium: Type.Integer(),
  sellerFee: Type.Integer(),
  refunded: Type.Integer(),
  total: Type.Integer(),
})
const AdminFeesSchema = Closed({ currency: Type.String(), allTime: Totals, recent: Totals })
const _fees: Same<Static<typeof AdminFeesSchema>, AdminFees> = true

const DAY_MS = 86_400_000

/**
 * `GET /api/admin/fees` (issue 29): what the house has taken in fees, all time and over the last
 * `RECENT_FEE_DAYS` days, net of what refunds took back. Admins only.
 */
const adminFeeRoutes: FastifyPluginAsyncTypebox<{ db: Database; currency: string }> = async (
  app,
  deps,
) => {
  requireAdmin(app)
  app.get(
    '/admin/fees',
    { schema: { response: responses({ 200: AdminFeesSchema }) } },
    async (): Promise<AdminFees> => {
      const since = new Date(Date.now() - RECENT_FEE_DAYS * DAY_MS)
      return {
        currency: deps.currency,
        allTime: await houseFeeTotals(deps.db, null),
        recent: await houseFeeTotals(deps.db, since),
      }
    },
  )
}

export default adminFeeRoutes
