import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { LedgerEntry, WalletHold } from '../../../common/wallet.ts'
import { NUMERIC_CURSOR_PATTERN } from '../../../common/wire.ts'
import type { Database } from '../../db/types.ts'
import { activeHoldsOf, ledgerPage } from '../../repositories/ledger.ts'
import { responses } from '../../schemas/shared.ts'
import { HoldsSchema, LedgerPageSchema } from '../../schemas/wallet.ts'

const LedgerQuery = Type.Object(
  { cursor: Type.Optional(Type.String({ pattern: NUMERIC_CURSOR_PATTERN })) },
  { additionalProperties: false },
)
const Ledger = { querystring: LedgerQuery, response: responses({ 200: LedgerPageSchema }) }
const Holds = { response: responses({ 200: HoldsSchema }) }

/** The wallet's history (newest first, cursor-paginated) and its holds by lot. */
const ledgerRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/wallet/ledger',
    { schema: Ledger },
    async (request): Promise<{ items: LedgerEntry[]; nextCursor: string | null }> => {
      const user = await request.requireUser()
      const before = request.query.cursor ? Number(request.query.cursor) : undefined
      return ledgerPage(db, user.id, before)
    },
  )

  app.get('/wallet/holds', { schema: Holds }, async (request): Promise<{ items: WalletHold[] }> => {
    const user = await request.requireUser()
    return { items: await activeHoldsOf(db, user.id) }
  })
}

export default ledgerRoutes
