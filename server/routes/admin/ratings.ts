import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { UUID_PATTERN } from '../../../common/wire.ts'
import { removeRating } from '../../commands/admin/remove-rating.ts'
import type { Database } from '../../db/types.ts'
import { RemovedRatingSchema } from '../../schemas/ratings.ts'
import { responses } from '../../schemas/shared.ts'
import { Reason, requireAdmin } from './guard.ts'

const Params = Type.Object(
  { id: Type.String({ pattern: UUID_PATTERN }) },
  { additionalProperties: false },
)
const Body = Type.Object({ reason: Reason }, { additionalProperties: false })

/** An admin removes a rating with a reason (issue 29); audited as `rating.remove`. */
const adminRatingRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  requireAdmin(app)
  app.delete(
    '/admin/ratings/:id',
    { schema: { params: Params, body: Body, response: responses({ 200: RemovedRatingSchema }) } },
    async (request) => {
      const admin = await request.requireUser()
      return removeRating(
        db,
        { adminId: admin.id, ratingId: request.params.id, reason: request.body.reason.trim() },
        new Date(),
      )
    },
  )
}

export default adminRatingRoutes
