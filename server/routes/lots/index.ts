import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { validateLotInput, type LotDetail, type LotSummary } from '../../../common/auction.ts'
import { IDEMPOTENCY_HEADER } from '../../../common/config.ts'
import type { Database } from '../../db/types.ts'
import { AppError, notFound } from '../../lib/problem.ts'
import { listBids } from '../../repositories/bids.ts'
import {
  findLot,
  insertLot,
  listLots,
  myMaxima,
  myStatus,
  toDetail,
  toSummary,
  type ListOptions,
} from '../../repositories/lots.ts'
import { isWatching } from '../../repositories/watchlist.ts'
import { cancelLot } from './cancel.ts'
import { LOTS_CHANNEL, Publication } from '../../lib/publication.ts'
import { cursorOf, IDEMPOTENCY_KEY, lotId, PAGE } from './params.ts'
import { BidBatcher } from './place-bid.ts'
import {
  BidBody,
  BidsQuery,
  CreateLotBody,
  CursorQuery,
  LotParams,
  ListLotsQuery,
} from './schemas.ts'

export interface LotRoutesOptions {
  db: Database
  currency: string
}

/** Lots, bids and my bids (DESIGN §5). Handlers stay thin; rules live in common/auction. */
const lotRoutes: FastifyPluginAsyncTypebox<LotRoutesOptions> = async (app, { db, currency }) => {
  const bids = new BidBatcher(db, currency, (publication, socketId) =>
    publication.send(app.broadcaster, socketId),
  )

  /** Lists with, for `GET /me/bids`, the viewer's standing on each lot. */
  async function page(options: Omit<ListOptions, 'limit' | 'now'> & { limit?: number }) {
    const now = new Date()
    const { rows, nextCursor } = await listLots(db, {
      ...options,
      limit: options.limit ?? PAGE,
      now,
    })
    return { rows, nextCursor, now }
  }

  app.get('/lots', { schema: { querystring: ListLotsQuery } }, async (request) => {
    const { status, q, cursor, limit } = request.query
    const { rows, nextCursor, now } = await page({
      filter: status,
      q: q?.trim() || undefined,
      cursor: cursorOf(cursor),
      limit: limit ? Number(limit) : undefined,
    })
    return { items: rows.map((row) => toSummary(row, now)), nextCursor }
  })

  app.get('/lots/:id', { schema: { params: LotParams } }, async (request): Promise<LotDetail> => {
    const id = lotId(request.params.id)
    const lot = await findLot(db, id)
    if (!lot) throw notFound('Lot')
    const user = await request.getUser()
    if (!user) return toDetail(lot, null)
    const [maxima, watching] = await Promise.all([
      myMaxima(db, user.id, [id]),
      isWatching(db, user.id, id),
    ])
    const maxBid = maxima.get(id) ?? null
    return toDetail(lot, { status: myStatus(lot, user.id, maxBid), maxBid, watching })
  })

  app.post('/lots', { schema: { body: CreateLotBody } }, async (request, reply) => {
    const user = await request.requireUser()
    const body = request.body
    const now = new Date()
    const errors = validateLotInput(body, now)
    if (Object.keys(errors).length > 0) {
      throw new AppError(422, 'validation_failed', 'Some fields need attention.', errors)
    }
    const startsAt = body.startsAt && new Date(body.startsAt) > now ? new Date(body.startsAt) : now
    const id = await insertLot(db, {
      sellerId: user.id,
      title: body.title.trim(),
      description: (body.description ?? '').trim(),
      startingPrice: body.startingPrice,
      reservePrice: body.reservePrice ?? null,
      startsAt,
      endsAt: new Date(body.endsAt),
      softCloseSeconds: body.softCloseSeconds ?? 60,
      status: startsAt > now ? 'scheduled' : 'open',
    })
    const lot = (await findLot(db, id))!
    const summary: LotSummary = toSummary(lot)
    const publication = new Publication()
    publication.outbox.add({ channel: LOTS_CHANNEL, name: 'lot.created', data: summary })
    await publication.send(app.broadcaster, request.socketId)
    return reply.status(201).send(toDetail(lot, { status: null, maxBid: null, watching: false }))
  })

  app.post('/lots/:id/cancel', { schema: { params: LotParams } }, async (request) => {
    const user = await request.requireUser()
    const { lot, publication } = await cancelLot(db, {
      lotId: lotId(request.params.id),
      user,
      currency,
    })
    await publication.send(app.broadcaster, request.socketId)
    return lot
  })

  app.get(
    '/lots/:id/bids',
    { schema: { params: LotParams, querystring: BidsQuery } },
    async (request) => {
      const id = lotId(request.params.id)
      const after = request.query.after === undefined ? undefined : Number(request.query.after)
      const result = await listBids(db, id, after)
      if (result.items.length === 0 && !(await findLot(db, id))) throw notFound('Lot')
      return result
    },
  )

  app.post(
    '/lots/:id/bids',
    { schema: { params: LotParams, body: BidBody } },
    async (request, reply) => {
      const user = await request.requireUser()
      const key = request.headers[IDEMPOTENCY_HEADER.toLowerCase()]
      if (key === undefined || key === '') {
        throw new AppError(
          400,
          'idempotency_key_required',
          `A bid needs an ${IDEMPOTENCY_HEADER} header, so a retried bid is never placed twice.`,
        )
      }
      if (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key)) {
        throw new AppError(400, 'bad_request', `The ${IDEMPOTENCY_HEADER} header is not valid.`)
      }
      const result = await bids.submit(lotId(request.params.id), {
        user,
        amount: request.body.amount,
        maxAmount: request.body.maxAmount,
        idempotencyKey: key,
        socketId: request.socketId,
      })
      if (!result.ok) throw result.error
      return reply.status(result.statusCode).send(result.body)
    },
  )

  app.get('/me/bids', { schema: { querystring: CursorQuery } }, async (request) => {
    const user = await request.requireUser()
    const { rows, nextCursor, now } = await page({
      bidBy: user.id,
      cursor: cursorOf(request.query.cursor),
    })
    const maxima = await myMaxima(
      db,
      user.id,
      rows.map((r) => r.id),
    )
    return {
      items: rows.map((row) => {
        const maxBid = maxima.get(row.id) ?? null
        return { ...toSummary(row, now), my: { status: myStatus(row, user.id, maxBid), maxBid } }
      }),
      nextCursor,
    }
  })
}

export default lotRoutes
