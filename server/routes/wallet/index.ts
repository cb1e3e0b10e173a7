import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Wallet } from '../../../common/wallet.ts'
import type { Database } from '../../db/types.ts'
import { walletOf } from '../../repositories/wallets.ts'

/** `GET /api/wallet`; the ledger and top-ups come with issue #5. */
const walletRoutes: FastifyPluginAsyncTypebox<{ db: Database; currency: string }> = async (
  app,
  { db, currency },
) => {
  app.get('/wallet', async (request): Promise<Wallet> => {
    const user = await request.requireUser()
    return walletOf(db, user.id, currency)
  })
}

export default walletRoutes
