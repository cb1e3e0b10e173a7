import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { REPLAYED_HEADER } from '../../../common/config.ts'
import type { ShowDetail } from '../../../common/shows.ts'
import { isUuid } from '../../../common/wire.ts'
import { createShow } from '../../commands/shows/create-show.ts'
import { editShow, setShowLots } from '../../commands/shows/edit-show.ts'
import { moveAsHost } from '../../commands/shows/host-move.ts'
import { viewerPart } from '../../commands/shows/show-access.ts'
import type { Database } from '../../db/types.ts'
import type { Limit } from '../../lib/attempt-limiter.ts'
import { idempotencyKeyOf } from '../../lib/idempotent.ts'
import { perMember } from '../../lib/member-limit.ts'
import { AppError, notFound } from '../../lib/problem.ts'
import { findShow } from '../../repositories/shows.ts'
import { decodeShowableCursor, listShowableLots } from '../../repositories/showable-lots.ts'
import {
  decodeShowCursor,
  listShows,
  showDetail,
  showSummaries,
} from '../../repositories/shows-view.ts'
import {
  CreateShowSchema,
  EditShowSchema,
  HostLotMoveSchema,
  HostMoveSchema,
  ListShowsSchema,
  ShowableLotsSchema,
  ShowLotsSchema,
  ShowSchema,
} from './schemas.ts'

export interface ShowRoutesOptions {
  db: Database
  currency: string
  /** Shows one member may create per window: the lots' limit (LOT_CREATE_LIMIT_PER_MEMBER). */
  createLimit: Limit
}

const PAGE = 20

/** An unknown or malformed show id is the same 404. */
function showId(raw: string): string {
  const id = raw.toLowerCase()
  if (!isUuid(id)) throw notFound('Show')
  return id
}

/**
 * Live shows (docs/product.md "Live shows"): the lists, a show, and its host's changes and moves.
 * Handlers parse and check who asks; the commands (server/commands/shows/) decide under the
 * show's lock, the rules being common/shows.ts's.
 */
const showRoutes: FastifyPluginAsyncTypebox<ShowRoutesOptions> = async (app, options) => {
  const { db, currency } = options
  const audience = (socketId: string | undefined) => ({ broadcaster: app.broadcaster, socketId })

  app.get('/shows', { schema: ListShowsSchema }, async (request) => {
    const kind = request.query.kind ?? 'live'
    const raw = request.query.cursor
    const cursor = raw === undefined ? undefined : decodeShowCursor(raw, kind)
    if (raw !== undefined && !cursor)
      throw new AppError(400, 'bad_request', 'The cursor is not valid.')
    const { rows, nextCursor } = await listShows(db, { kind, cursor, limit: PAGE })
    return { items: await showSummaries(db, rows), nextCursor }
  })

  // A static path: Fastify prefers it to `/shows/:id` whatever the order.
  app.get('/shows/showable-lots', { schema: ShowableLotsSchema }, async (request) => {
    const user = await request.requireUser()
    const { q, cursor: raw, show } = request.query
    const cursor = raw === undefined ? undefined : decodeShowableCursor(raw)
    if (raw !== undefined && !cursor)
      throw new AppError(400, 'bad_request', 'The cursor is not valid.')
    const showId = show?.toLowerCase()
    // An admin hosting another seller's show edits that seller's queue: their lots are offered.
    const edited = showId && user.role === 'admin' ? await findShow(db, showId) : undefined
    return listShowableLots(db, {
      sellerId: edited ? edited.seller_id : user.id,
      showId,
      q: q?.trim() || undefined,
      cursor,
      limit: PAGE,
      now: new Date(),
    })
  })

  app.get('/shows/:id', { schema: ShowSchema }, async (request): Promise<ShowDetail> => {
    const show = await findShow(db, showId(request.params.id))
    if (!show) throw notFound('Show')
    const user = await request.getUser()
    return showDetail(db, show, user ? await viewerPart(db, show, user) : null)
  })

  const createConfig = perMember('show-create', options.createLimit)
  app.post('/shows', { schema: CreateShowSchema, config: createConfig }, async (request, reply) => {
    const user = await request.requireUser()
    const key = idempotencyKeyOf(request.headers, false)
    const result = await createShow(
      db,
      { user, body: request.body, key },
      audience(request.socketId),
    )
    if (result.replayed) void reply.header(REPLAYED_HEADER, 'true')
    return reply.status(result.statusCode).send(result.body)
  })

  app.patch('/shows/:id', { schema: EditShowSchema }, async (request) => {
    const user = await request.requireUser()
    const input = { showId: showId(request.params.id), user, change: request.body }
    return editShow(db, input, audience(request.socketId))
  })

  app.put('/shows/:id/lots', { schema: ShowLotsSchema }, async (request) => {
    const user = await request.requireUser()
    const input = { showId: showId(request.params.id), user, lots: request.body.lots }
    return setShowLots(db, input, audience(request.socketId))
  })

  for (const action of ['start', 'pause', 'resume', 'end'] as const) {
    app.post(`/shows/:id/${action}`, { schema: HostMoveSchema }, async (request) => {
      const user = await request.requireUser()
      const input = { showId: showId(request.params.id), user, action }
      return moveAsHost({ db, currency }, input, audience(request.socketId))
    })
  }
  for (const action of ['next', 'skip'] as const) {
    app.post(`/shows/:id/${action}`, { schema: HostLotMoveSchema }, async (request) => {
      const user = await request.requireUser()
      const input = { showId: showId(request.params.id), user, action, lotId: request.body.lotId }
      return moveAsHost({ db, currency }, input, audience(request.socketId))
    })
  }
}

export default showRoutes
