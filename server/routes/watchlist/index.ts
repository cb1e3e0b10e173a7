import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Database } from '../../db/types.ts'
import { setWatching } from '../../commands/lots/watch-lot.ts'
import { REPLAYED_HEADER } from '../../../common/config.ts'
import { idempotencyKeyOf } from '../../lib/idempotent.ts'
import { listLots, withMyStanding } from '../../repositories/lots.ts'
import { cursorOf, lotId, PAGE } from '../lots/params.ts'
import { WatchlistSchema, WatchSchema } from '../lots/schemas.ts'

/**
 * Watch and unwatch (idempotent both ways: server/commands/lots/watch-lot.ts), and the watchlist.
 */
const watchlistRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  // PUT watches, DELETE unwatches: one handler, told which.
  for (const [method, watching] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/lots/:id/watch',
      schema: WatchSchema,
      handler: async (request, reply) => {
        const user = await request.requireUser()
        const id = lotId(request.params.id)
        const key = idempotencyKeyOf(request.headers, false)
        const result = await setWatching(db, { userId: user.id, lotId: id, watching, key })
        if (result.replayed) void reply.header(REPLAYED_HEADER, 'true')
        return result.body
      },
    })
  }

  app.get('/watchlist', { schema: WatchlistSchema }, async (request) => {
    const user = await request.requireUser()
    const now = new Date()
    const { rows, nextCursor } = await listLots(db, {
      watchedBy: user.id,
      cursor: cursorOf(request.query.cursor),
      limit: PAGE,
      now,
    })
    // The viewer's standing on each watched lot, for its status chip (decision 0023).
    return {
      items: await withMyStanding(db, user.id, rows, now),
      nextCursor,
    }
  })
}

export default watchlistRoutes
