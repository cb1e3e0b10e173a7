import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Database } from '../../db/types.ts'
import { notFound } from '../../lib/problem.ts'
import { findLot, listLots, toSummary } from '../../repositories/lots.ts'
import { unwatch, watch } from '../../repositories/watchlist.ts'
import { cursorOf, lotId, PAGE } from '../lots/params.ts'
import { CursorQuery, LotParams } from '../lots/schemas.ts'

/** Watching is idempotent both ways: PUT twice watches once, DELETE of nothing is fine. */
const watchlistRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  app.put('/lots/:id/watch', { schema: { params: LotParams } }, async (request) => {
    const user = await request.requireUser()
    const id = lotId(request.params.id)
    if (!(await findLot(db, id))) throw notFound('Lot')
    await watch(db, user.id, id)
    return { lotId: id, watching: true }
  })

  app.delete('/lots/:id/watch', { schema: { params: LotParams } }, async (request) => {
    const user = await request.requireUser()
    const id = lotId(request.params.id)
    await unwatch(db, user.id, id)
    return { lotId: id, watching: false }
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
