import { Type, type Static } from '@fastify/type-provider-typebox'
import {
  RATING_SCORES,
  type OrderRatings,
  type Rating,
  type SellerProfile,
} from '../../common/orders/ratings.ts'
import { LotSummarySchema } from './auction.ts'
import { Closed, Nullable, Timestamp, type Same } from './shared.ts'

const Score = Type.Enum(RATING_SCORES)

export const RatingSchema = Closed({
  id: Type.String({ format: 'uuid' }),
  score: Score,
  comment: Type.String(),
  author: Closed({ id: Type.String({ format: 'uuid' }), name: Type.String() }),
  subjectRole: Type.Union([Type.Literal('seller'), Type.Literal('buyer')]),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  removed: Type.Boolean(),
})
const _rating: Same<Static<typeof RatingSchema>, Rating> = true

export const OrderRatingsSchema = Closed({
  mine: Nullable(RatingSchema),
  theirs: Nullable(RatingSchema),
  all: Nullable(Type.Array(RatingSchema, { maxItems: 2 })),
  canRate: Type.Boolean(),
  rateUntil: Nullable(Timestamp),
  editableUntil: Nullable(Timestamp),
})
const _orderRatings: Same<Static<typeof OrderRatingsSchema>, OrderRatings> = true

export const SellerProfileSchema = Closed({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  memberSince: Timestamp,
  completedSales: Type.Integer({ minimum: 0 }),
  ratingCount: Type.Integer({ minimum: 0 }),
  positiveShare: Nullable(Type.Number({ minimum: 0, maximum: 1 })),
  recentRatings: Type.Array(
    Closed({
      id: Type.String({ format: 'uuid' }),
      score: Score,
      comment: Type.String(),
      createdAt: Timestamp,
      raterName: Type.String(),
    }),
  ),
  openLots: Type.Array(LotSummarySchema),
  followers: Type.Integer({ minimum: 0 }),
  following: Type.Boolean(),
})
const _sellerProfile: Same<Static<typeof SellerProfileSchema>, SellerProfile> = true

export const RemovedRatingSchema = Closed({
  id: Type.String({ format: 'uuid' }),
  removedAt: Timestamp,
})
