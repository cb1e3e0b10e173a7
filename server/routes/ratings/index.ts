import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { RATING_COMMENT_MAX_LENGTH, RATING_SCORES } from '../../../common/orders/ratings.ts'
import { orderRatings, rateOrder } from '../../commands/orders/rate-order.ts'
import type { Database } from '../../db/types.ts'
import { OrderRatingsSchema } from '../../schemas/ratings.ts'
import { responses } from '../../schemas/shared.ts'
import { OrderParams } from '../orders/index.ts'

const RatingBody = Type.Object(
  {
    score: Type.Enum(RATING_SCORES),
    // The paragraph rule (common/orders/ratings.ts) is checked on the trimmed text by the command;
    // the schema bounds the raw text (white space around it aside, the same limit).
    comment: Type.String({ maxLength: RATING_COMMENT_MAX_LENGTH * 2 }),
  },
  { additionalProperties: false },
)
const Answer = responses({ 200: OrderRatingsSchema })

/**
 * Ratings after an order (issue 29): each side of a completed order rates the other once, within
 * 30 days, and may change it for 24 hours (common/orders/ratings.ts). 404 to anyone who is not a
 * party (admins read them; they remove one through /api/admin/ratings).
 */
const ratingRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/orders/:id/ratings',
    { schema: { params: OrderParams, response: Answer } },
    async (request) => {
      const user = await request.requireUser()
      return orderRatings(db, { orderId: request.params.id, user }, new Date())
    },
  )

  app.put(
    '/orders/:id/rating',
    { schema: { params: OrderParams, body: RatingBody, response: Answer } },
    async (request) => {
      const user = await request.requireUser()
      return rateOrder(db, { orderId: request.params.id, user, rating: request.body }, new Date())
    },
  )
}

export default ratingRoutes
