import {
  cleanComment,
  commentProblem,
  editableUntil,
  rateUntil,
  ratingRefusal,
  type OrderRatings,
  type RatingInput,
} from '../../../common/orders/ratings.ts'
import type { OrderViewer } from '../../../common/orders/shapes.ts'
import type { Database, Queryable } from '../../db/types.ts'
import type { OrderRecord } from '../../domain/order.ts'
import { AppError, forbidden, notFound } from '../../lib/problem.ts'
import { findOrder, lockOrder } from '../../repositories/orders.ts'
import {
  insertRating,
  ratingsOfOrder,
  toRating,
  updateRating,
  type RatingRecord,
} from '../../repositories/ratings.ts'
import { viewerOf } from './order-view.ts'

type User = { id: string; role: string }

const COMMENT_MESSAGES = {
  too_long: 'At most 500 characters.',
  not_one_paragraph: 'Must be one paragraph with visible characters.',
} as const

const REFUSAL_MESSAGES = {
  rating_not_open: 'This order cannot be rated: it has not completed.',
  rating_window_closed: 'The time to rate this order has passed.',
  rating_locked: 'A rating can no longer be changed a day after it was sent.',
  rating_removed: 'This rating was removed by an administrator.',
} as const

/** What `viewer` sees of an order's ratings at `now` (common/orders/ratings.ts). */
function ratingsView(
  order: OrderRecord,
  ratings: RatingRecord[],
  viewer: OrderViewer,
  userId: string,
  now: Date,
): OrderRatings {
  const completed = order.state === 'completed'
  const windowEnd = completed ? rateUntil(order.stateSince).toISOString() : null
  if (viewer === 'admin') {
    const all = ratings.map(toRating)
    return {
      mine: null,
      theirs: null,
      all,
      canRate: false,
      rateUntil: windowEnd,
      editableUntil: null,
    }
  }
  const mine = ratings.find((r) => r.authorId === userId) ?? null
  const theirs = ratings.find((r) => r.subjectId === userId && r.removedAt === null) ?? null
  const refusal = ratingRefusal(
    {
      state: order.state,
      stateSince: order.stateSince,
      mine: mine && { createdAt: mine.createdAt, removed: mine.removedAt !== null },
    },
    now,
  )
  return {
    mine: mine && toRating(mine),
    theirs: theirs && toRating(theirs),
    all: null,
    canRate: refusal === undefined,
    rateUntil: windowEnd,
    editableUntil: mine ? editableUntil(mine.createdAt).toISOString() : null,
  }
}

/** The order of `orderId` and how `user` sees it; 404 to anyone who may not see it. */
async function orderFor(db: Queryable, orderId: string, user: User, lock: boolean) {
  const order = lock ? await lockOrder(db, orderId) : await findOrder(db, orderId)
  const viewer = order && viewerOf(order, user)
  if (!order || !viewer) throw notFound('Order')
  return { order, viewer }
}

/** `GET /api/orders/:id/ratings`. */
export async function orderRatings(
  db: Database,
  input: { orderId: string; user: User },
  now: Date,
): Promise<OrderRatings> {
  const { order, viewer } = await orderFor(db, input.orderId, input.user, false)
  return ratingsView(order, await ratingsOfOrder(db, order.id), viewer, input.user.id, now)
}

/**
 * `PUT /api/orders/:id/rating`: the caller's rating of the other side, sent or changed. Runs under
 * the order's row lock, so two first ratings at once make one and the other changes it; nothing
 * is written on a refusal.
 */
export async function rateOrder(
  db: Database,
  input: { orderId: string; user: User; rating: RatingInput },
  now: Date,
): Promise<OrderRatings> {
  const comment = cleanComment(input.rating.comment)
  const problem = commentProblem(comment)
  if (problem) {
    throw new AppError(422, 'validation_failed', 'Some fields need attention.', {
      comment: COMMENT_MESSAGES[problem],
    })
  }
  return db.transaction(async (tx) => {
    const { order, viewer } = await orderFor(tx, input.orderId, input.user, true)
    if (viewer === 'admin') throw forbidden('Only the buyer and the seller rate an order.')
    const ratings = await ratingsOfOrder(tx, order.id)
    const mine = ratings.find((r) => r.authorId === input.user.id)
    const refusal = ratingRefusal(
      {
        state: order.state,
        stateSince: order.stateSince,
        mine: mine ? { createdAt: mine.createdAt, removed: mine.removedAt !== null } : null,
      },
      now,
    )
    if (refusal) throw new AppError(409, refusal, REFUSAL_MESSAGES[refusal])
    const change = { score: input.rating.score, comment }
    if (mine) await updateRating(tx, mine.id, change, now)
    else {
      const buyerRates = viewer === 'buyer'
      await insertRating(
        tx,
        {
          orderId: order.id,
          authorId: input.user.id,
          subjectId: buyerRates ? order.sellerId : order.buyerId,
          role: buyerRates ? 'seller' : 'buyer',
          ...change,
        },
        now,
      )
    }
    return ratingsView(order, await ratingsOfOrder(tx, order.id), viewer, input.user.id, now)
  })
}
