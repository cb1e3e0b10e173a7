import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { UUID_PATTERN } from '../../../common/wire.ts'
import type { Database } from '../../db/types.ts'
import { memberBlocks } from '../../repositories/seller-blocks.ts'
import { AdminMemberBlocksSchema } from '../../schemas/blocks.ts'
import { responses } from '../../schemas/shared.ts'
import { requireAdmin } from './guard.ts'

const Params = Type.Object({ userId: Type.String({ pattern: UUID_PATTERN }) })

/** The admin member view's blocks (issue 32): whom the member blocked and who blocked them. */
const adminBlockRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  requireAdmin(app)
  app.get(
    '/admin/members/:userId/blocks',
    { schema: { params: Params, response: responses({ 200: AdminMemberBlocksSchema }) } },
    async (request) => memberBlocks(db, request.params.userId),
  )
}

export default adminBlockRoutes
