import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { SEARCH_MAX_LENGTH } from '../../../common/admin.ts'
import { VISIBLE_TEXT_FORMAT } from '../../../common/auction.ts'
import { REPLAYED_HEADER } from '../../../common/config.ts'
import { UUID_PATTERN } from '../../../common/wire.ts'
import { adminCancelLot } from '../../commands/admin/cancel-lot.ts'
import type { Database } from '../../db/types.ts'
import type { Broadcaster } from '../../lib/broadcaster.ts'
import { idempotencyKeyOf } from '../../lib/idempotent.ts'
import { searchLots } from '../../repositories/admin.ts'
import { toSummary } from '../../repositories/lots.ts'
import { AdminLotsSchema } from '../../schemas/admin.ts'
import { LotSummarySchema } from '../../schemas/auction.ts'
import { responses } from '../../schemas/shared.ts'
import { Reason, requireAdmin } from './guard.ts'

const Search = Type.Object(
  { q: Type.Optional(Type.String({ maxLength: SEARCH_MAX_LENGTH, format: VISIBLE_TEXT_FORMAT })) },
  { additionalProperties: false },
)
const Params = Type.Object({ lotId: Type.String({ pattern: UUID_PATTERN }) })
const CancelBody = Type.Object({ reason: Reason }, { additionalProperties: false })
const LOTS_LIMIT = 20

/** Lots in the admin area: find one by title or id, cancel it with a reason (holds released). */
const adminLotRoutes: FastifyPluginAsyncTypebox<{
  db: Database
  broadcaster: Broadcaster
  currency: string
}> = async (app, { db, broadcaster, currency }) => {
  requireAdmin(app)

  app.get(
    '/admin/lots',
    { schema: { querystring: Search, response: responses({ 200: AdminLotsSchema }) } },
    async (request) => {
      const rows = await searchLots(db, { query: request.query.q?.trim() ?? '', limit: LOTS_LIMIT })
      return { items: rows.map((row) => toSummary(row)) }
    },
  )

  app.post(
    '/admin/lots/:lotId/cancel',
    {
      schema: {
        params: Params,
        body: CancelBody,
        response: responses({ 200: LotSummarySchema }),
      },
    },
    async (request, reply) => {
      const admin = await request.requireUser()
      const result = await adminCancelLot(
        { db, currency },
        {
          adminId: admin.id,
          lotId: request.params.lotId,
          reason: request.body.reason,
          key: idempotencyKeyOf(request.headers, false),
        },
        { broadcaster, socketId: request.socketId },
      )
      if (result.replayed) void reply.header(REPLAYED_HEADER, 'true')
      return result.body
    },
  )
}

export default adminLotRoutes
