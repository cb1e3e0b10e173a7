import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Wallet } from '../../../common/wallet.ts'
import type { Database } from '../../db/types.ts'
import { walletOf } from '../../repositories/wallets.ts'
import { responses } from '../../schemas/shared.ts'
import { WalletSchema } from '../../schemas/wallet.ts'

const schema = { response: responses({ 200: WalletSchema }) }

/** `GET /api/wallet`. The ledger and holds are in ../ledger, top-ups in ../top-ups. */
const walletRoutes: FastifyPluginAsyncTypebox<{ db: Database; currency: string }> = async (
  app,
  { db, currency },
) => {
  app.get('/wallet', { schema }, async (request): Promise<Wallet> => {
    const user = await request.requireUser()
    return walletOf(db, user.id, currency)
  })
}

export default walletRoutes
