import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Database } from '../../db/types.ts'
import { applyOnce, optionalIdempotencyKey, REPLAYED_HEADER } from '../../lib/idempotent.ts'
import { notFound } from '../../lib/problem.ts'
import { findLot, listLots, toSummary } from '../../repositories/lots.ts'
import { unwatch, watch } from '../../repositories/watchlist.ts'
import { cursorOf, lotId, PAGE } from '../lots/params.ts'
import { CursorQuery, LotParams } from '../lots/schemas.ts'

const SCOPE = 'watch'

/**
 * Watching is idempotent both ways: PUT twice watches once, DELETE of nothing is fine. With an
 * Idempotency-Key (the offline queue sends one) a repeat is answered from the store and changes
 * nothing, so a late replay of an old "watch" cannot undo a later "unwatch" (decision 0012).
 */
const watchlistRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  app.put('/lots/:id/watch', { schema: { params: LotParams } }, async (request, reply) => {
    const user = await request.requireUser()
    const id = lotId(request.params.id)
    const key = optionalIdempotencyKey(request.headers)
    const result = await applyOnce(
      db,
      { userId: user.id, scope: SCOPE, key, parts: [id, true] },
      async (tx) => {
        if (!(await findLot(tx, id))) throw notFound('Lot')
        await watch(tx, user.id, id)
        return { lotId: id, watching: true }
      },
    )
    if (result.replayed) void reply.header(REPLAYED_HEADER, 'true')
    return result.body
  })

  app.delete('/lots/:id/watch', { schema: { params: LotParams } }, async (request, reply) => {
    const user = await request.requireUser()
    const id = lotId(request.params.id)
    const key = optionalIdempotencyKey(request.headers)
    const result = await applyOnce(
      db,
      { userId: user.id, scope: SCOPE, key, parts: [id, false] },
      async (tx) => {
        await unwatch(tx, user.id, id)
        return { lotId: id, watching: false }
      },
    )
    if (result.replayed) void reply.header(REPLAYED_HEADER, 'true')
    return result.body
  })

  app.get('/watchlist', { schema: { querystring: CursorQuery } }, async (request) => {
    const user = await request.requireUser()
    const now = new Date()
    const { rows, nextCursor } = await listLots(db, {
      watchedBy: user.id,
      cursor: cursorOf(request.query.cursor),
      limit: PAGE,
      now,
    })
    return { items: rows.map((row) => toSummary(row, now)), nextCursor }
  })
}

export default watchlistRoutes
