import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  POSITIVE_SHARE_MONTHS,
  PROFILE_OPEN_LOTS,
  PROFILE_RECENT_RATINGS,
  type SellerProfile,
} from '../../../common/orders/ratings.ts'
import { UUID_PATTERN } from '../../../common/wire.ts'
import type { Database } from '../../db/types.ts'
import { notFound } from '../../lib/problem.ts'
import {
  openLotsOfSeller,
  publicMember,
  recentSellerRatings,
  sellerNumbers,
} from '../../repositories/sellers.ts'
import { followersOf, isFollowing } from '../../repositories/seller-follows.ts'
import { SellerProfileSchema } from '../../schemas/ratings.ts'
import { responses } from '../../schemas/shared.ts'

const Params = Type.Object(
  { id: Type.String({ pattern: UUID_PATTERN }) },
  { additionalProperties: false },
)

/** The start of the positive share's window: `POSITIVE_SHARE_MONTHS` calendar months back. */
function shareSince(now: Date): Date {
  const since = new Date(now)
  since.setUTCMonth(since.getUTCMonth() - POSITIVE_SHARE_MONTHS)
  return since
}

/**
 * A seller's public profile (issue 29): anyone may read it, signed in or not. 404 for an unknown
 * or deleted member. Removed ratings count nowhere.
 */
const sellerRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/sellers/:id',
    { schema: { params: Params, response: responses({ 200: SellerProfileSchema }) } },
    async (request): Promise<SellerProfile> => {
      const seller = await publicMember(db, request.params.id)
      if (!seller) throw notFound('Seller')
      const now = new Date()
      const viewer = await request.getUser()
      const [numbers, recentRatings, openLots, followers, following] = await Promise.all([
        sellerNumbers(db, seller.id, shareSince(now)),
        recentSellerRatings(db, seller.id, PROFILE_RECENT_RATINGS),
        openLotsOfSeller(db, seller.id, PROFILE_OPEN_LOTS, now),
        followersOf(db, seller.id),
        viewer ? isFollowing(db, viewer.id, seller.id) : false,
      ])
      return {
        id: seller.id,
        name: seller.name,
        memberSince: seller.createdAt.toISOString(),
        completedSales: numbers.completedSales,
        ratingCount: numbers.ratingCount,
        positiveShare:
          numbers.ratingCount === 0 ? null : numbers.positiveCount / numbers.ratingCount,
        recentRatings,
        openLots,
        followers,
        following,
      }
    },
  )
}

export default sellerRoutes
