import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ALIAS_MAX_LENGTH, ALIAS_MIN_LENGTH, aliasProblem } from '../../../common/accounts.ts'
import { VISIBLE_TEXT_FORMAT } from '../../../common/auction.ts'
import { setBlocked } from '../../commands/lots/block-bidder.ts'
import type { Database } from '../../db/types.ts'
import { AppError } from '../../lib/problem.ts'
import { blocksOf } from '../../repositories/seller-blocks.ts'
import { BlockedBiddersSchema } from '../../schemas/blocks.ts'
import { responses } from '../../schemas/shared.ts'

const Params = Type.Object(
  {
    // A public alias as bid history shows it; the lookup normalizes it (NFKC, any case).
    alias: Type.String({
      minLength: ALIAS_MIN_LENGTH,
      maxLength: ALIAS_MAX_LENGTH + 8,
      format: VISIBLE_TEXT_FORMAT,
    }),
  },
  { additionalProperties: false },
)
const Answer = responses({ 200: BlockedBiddersSchema })

/**
 * A seller's blocked bidders (issue 32, docs/product.md "Seller tools"): PUT blocks a member by
 * their public alias, DELETE unblocks, GET lists. Blocked members' bids on the seller's lots are
 * refused (server/commands/bids/decide-bids.ts).
 */
const blockRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  app.get('/me/blocked-bidders', { schema: { response: Answer } }, async (request) => {
    const user = await request.requireUser()
    return { items: await blocksOf(db, user.id) }
  })

  for (const [method, blocked] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/me/blocked-bidders/:alias',
      schema: { params: Params, response: Answer },
      handler: async (request) => {
        const user = await request.requireUser()
        // No member can have an alias that breaks the alias rule: say so rather than 404.
        const problem = aliasProblem(request.params.alias)
        if (problem)
          throw new AppError(422, 'validation_failed', 'Some fields need attention.', {
            alias: problem,
          })
        const items = await setBlocked(db, {
          sellerId: user.id,
          alias: request.params.alias,
          blocked,
        })
        return { items }
      },
    })
  }
}

export default blockRoutes
