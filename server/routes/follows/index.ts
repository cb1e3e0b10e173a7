import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { UUID_PATTERN } from '../../../common/wire.ts'
import type { Database } from '../../db/types.ts'
import { AppError, notFound } from '../../lib/problem.ts'
import { publicMember } from '../../repositories/sellers.ts'
import { deleteFollow, insertFollow } from '../../repositories/seller-follows.ts'
import { NoContent } from '../../schemas/show-chat.ts'
import { responses } from '../../schemas/shared.ts'

const Params = Type.Object(
  { id: Type.String({ pattern: UUID_PATTERN }) },
  { additionalProperties: false },
)

/**
 * Following a seller (issue 34, docs/product.md "Chat and following"): PUT follows, DELETE
 * unfollows, both 204 and idempotent. A follower hears when the seller's show is 15 minutes away
 * and when it goes live (server/commands/shows-notices/announce.ts). The profile
 * (`GET /api/sellers/:id`) counts followers and says whether the viewer is one.
 */
const followRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  for (const [method, following] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/sellers/:id/follow',
      schema: { params: Params, response: responses({ 204: NoContent }) },
      handler: async (request, reply) => {
        const user = await request.requireUser()
        const seller = await publicMember(db, request.params.id)
        if (!seller) throw notFound('Seller')
        if (seller.id === user.id) {
          throw new AppError(422, 'validation_failed', 'You cannot follow yourself.', {
            id: 'This is your own profile.',
          })
        }
        if (following) await insertFollow(db, user.id, seller.id)
        else await deleteFollow(db, user.id, seller.id)
        return reply.code(204).send()
      },
    })
  }
}

export default followRoutes
