import type { FeeRates } from '../../../common/orders/fees.ts'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { LotDetail } from '../../../common/auction.ts'
import { BidBatcher } from '../../commands/bids/bid-batcher.ts'
import { cancelLot } from '../../commands/lots/cancel-lot.ts'
import { createLot } from '../../commands/lots/create-lot.ts'
import { editLot } from '../../commands/lots/edit-lot.ts'
import { endLotEarly } from '../../commands/lots/end-lot.ts'
import type { Database } from '../../db/types.ts'
import { REPLAYED_HEADER } from '../../../common/config.ts'
import { idempotencyKeyOf } from '../../lib/idempotent.ts'
import { AppError, notFound } from '../../lib/problem.ts'
import { listBids } from '../../repositories/bids.ts'
import {
  findLot,
  listLots,
  myMaxima,
  myStatus,
  toDetail,
  toSummary,
  withMyStanding,
  type ListOptions,
} from '../../repositories/lots.ts'
import { isWatching } from '../../repositories/watchlist.ts'
import { cursorOf, lotId, PAGE, priceRangeOf } from './params.ts'
import {
  CancelLotSchema,
  CreateLotSchema,
  EditLotSchema,
  EndLotSchema,
  ListBidsSchema,
  ListLotsSchema,
  LotSchema,
  MyBidsSchema,
  PlaceBidSchema,
} from './schemas.ts'
import type { Limit } from '../../lib/attempt-limiter.ts'
import { perMember } from '../../lib/member-limit.ts'

export interface LotRoutesOptions {
  db: Database
  currency: string
  /** Lots one member may list per window (LOT_CREATE_LIMIT_PER_MEMBER). */
  createLimit: Limit
  /** The deployment's fees, which every hold covers (decision 0051). */
  fees: FeeRates
}

/**
 * Lots, bids and my bids (docs/product.md §5). Handlers parse, check who asks
 * and call a command (server/commands/, decision 0021); the rules live in common/auction.ts.
 */
const lotRoutes: FastifyPluginAsyncTypebox<LotRoutesOptions> = async (app, options) => {
  const { db, currency } = options
  const bids = new BidBatcher(db, currency, app.broadcaster, options.fees)

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

  app.get('/lots', { schema: ListLotsSchema }, async (request) => {
    const { status, q, sort, category, cursor, limit } = request.query
    const { rows, nextCursor, now } = await page({
      filter: status,
      q: q?.trim() || undefined,
      sort,
      category,
      ...priceRangeOf(request.query),
      cursor: cursorOf(cursor, sort),
      limit: limit ? Number(limit) : undefined,
    })
    return { items: rows.map((row) => toSummary(row, now)), nextCursor }
  })

  app.get('/lots/:id', { schema: LotSchema }, async (request): Promise<LotDetail> => {
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
    const seller = lot.seller_id === user.id ? { seller: { nextSteps: lot.next_steps } } : {}
    return toDetail(lot, { status: myStatus(lot, user.id, maxBid), maxBid, watching, ...seller })
  })

  app.patch('/lots/:id', { schema: EditLotSchema }, async (request, reply) => {
    const user = await request.requireUser()
    const key = idempotencyKeyOf(request.headers, false)
    const result = await editLot(
      db,
      { lotId: lotId(request.params.id), userId: user.id, change: request.body, key },
      { broadcaster: app.broadcaster, socketId: request.socketId },
    )
    if (result.replayed) void reply.header(REPLAYED_HEADER, 'true')
    return result.body
  })

  const createConfig = perMember('lot-create', options.createLimit)
  app.post('/lots', { schema: CreateLotSchema, config: createConfig }, async (request, reply) => {
    const user = await request.requireUser()
    const key = idempotencyKeyOf(request.headers, false)
    const result = await createLot(
      db,
      { sellerId: user.id, body: request.body, key },
      { broadcaster: app.broadcaster, socketId: request.socketId },
    )
    if (result.replayed) void reply.header(REPLAYED_HEADER, 'true')
    return reply.status(result.statusCode).send(result.body)
  })

  app.post('/lots/:id/cancel', { schema: CancelLotSchema }, async (request, reply) => {
    const user = await request.requireUser()
    const id = lotId(request.params.id)
    const key = idempotencyKeyOf(request.headers, false)
    const result = await cancelLot(
      { db, currency },
      { lotId: id, user, key },
      { broadcaster: app.broadcaster, socketId: request.socketId },
    )
    if (result.replayed) void reply.header(REPLAYED_HEADER, 'true')
    return result.body
  })

  // The seller ends their open lot before any bid (issue 32): it closes now, unsold.
  app.post('/lots/:id/end', { schema: EndLotSchema }, async (request, reply) => {
    const user = await request.requireUser()
    const result = await endLotEarly(
      { db, currency, fees: options.fees },
      { lotId: lotId(request.params.id), user, key: idempotencyKeyOf(request.headers, false) },
      { broadcaster: app.broadcaster, socketId: request.socketId },
    )
    if (result.replayed) void reply.header(REPLAYED_HEADER, 'true')
    return result.body
  })

  app.get('/lots/:id/bids', { schema: ListBidsSchema }, async (request) => {
    const id = lotId(request.params.id)
    const after = request.query.after === undefined ? undefined : Number(request.query.after)
    const page = await listBids(db, id, after)
    if (!page) throw notFound('Lot')
    return page
  })

  app.post('/lots/:id/bids', { schema: PlaceBidSchema }, async (request, reply) => {
    const user = await request.requireUser()
    const key = idempotencyKeyOf(request.headers, true)
    if (request.body.amount === undefined && request.body.maxAmount === undefined) {
      throw new AppError(422, 'validation_failed', 'Enter a bid, a maximum, or both.', {
        amount: 'Enter a bid or a maximum.',
        maxAmount: 'Enter a bid or a maximum.',
      })
    }
    const result = await bids.submit(lotId(request.params.id), {
      user,
      amount: request.body.amount,
      maxAmount: request.body.maxAmount,
      idempotencyKey: key,
      socketId: request.socketId,
    })
    if (!result.ok) throw result.error
    if (result.replayed) void reply.header(REPLAYED_HEADER, 'true')
    return reply.status(result.statusCode).send(result.body)
  })

  app.get('/me/bids', { schema: MyBidsSchema }, async (request) => {
    const user = await request.requireUser()
    const { rows, nextCursor, now } = await page({
      bidBy: user.id,
      tab: request.query.tab,
      cursor: cursorOf(request.query.cursor),
    })
    return {
      items: await withMyStanding(db, user.id, rows, now),
      nextCursor,
    }
  })
}

export default lotRoutes
