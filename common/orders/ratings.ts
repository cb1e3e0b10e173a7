/**
 * Ratings after an order (issue 29, docs/product.md §3): once an order completes, its buyer and its
 * seller may each rate the other once — positive, neutral or negative, with an optional comment —
 * within `RATING_WINDOW_DAYS` of the completion. A rating can be changed for `RATING_EDIT_HOURS`
 * after it was first sent, then it is fixed. An admin may remove one (with a reason); a removed
 * rating counts nowhere and stays removed. The API decides with these rules, the rating form
 * shows them.
 *
 * A refunded order is never rated: the sale did not happen.
 */
import { isLineOfText } from '../auction/text.ts'
import type { LotSummary } from '../auction/shapes.ts'
import type { OrderState } from './states.ts'

export const RATING_SCORES = ['positive', 'neutral', 'negative'] as const
export type RatingScore = (typeof RATING_SCORES)[number]

/** Whom a rating is about: the seller (rated by the buyer) or the buyer (rated by the seller). */
export type RatedRole = 'seller' | 'buyer'

export const RATING_COMMENT_MAX_LENGTH = 500
export const RATING_WINDOW_DAYS = 30
export const RATING_EDIT_HOURS = 24
/** The seller profile's positive share looks this far back. */
export const POSITIVE_SHARE_MONTHS = 12
/** How many of the latest ratings a seller profile shows. */
export const PROFILE_RECENT_RATINGS = 10
/** How many open lots a seller profile lists (the soonest to end first). */
export const PROFILE_OPEN_LOTS = 20

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS

/** Why a rating cannot be sent now (409 with this code). */
export type RatingRefusal =
  /** The order is not completed (still under way, or refunded). */
  | 'rating_not_open'
  /** More than `RATING_WINDOW_DAYS` since the order completed, and no rating was sent. */
  | 'rating_window_closed'
  /** The rating was sent more than `RATING_EDIT_HOURS` ago. */
  | 'rating_locked'
  /** An admin removed the rating; it cannot be sent again. */
  | 'rating_removed'

/** What the rules need to know of the order and of the rater's own rating, if any. */
export interface RatingFacts {
  state: OrderState
  /** When the order entered its state: for a completed order, its completion. */
  stateSince: Date
  mine: { createdAt: Date; removed: boolean } | null
}

/** The last moment a completed order can be rated. */
export function rateUntil(completedAt: Date): Date {
  return new Date(completedAt.getTime() + RATING_WINDOW_DAYS * DAY_MS)
}

/** The last moment a rating sent at `createdAt` can be changed. */
export function editableUntil(createdAt: Date): Date {
  return new Date(createdAt.getTime() + RATING_EDIT_HOURS * HOUR_MS)
}

/**
 * Why the rater may not send (or change) their rating now, or undefined when they may. A first
 * rating needs the window open; a change needs only to be within its edit time, even if that runs
 * past the window.
 */
export function ratingRefusal(facts: RatingFacts, now: Date): RatingRefusal | undefined {
  if (facts.state !== 'completed') return 'rating_not_open'
  if (facts.mine?.removed) return 'rating_removed'
  if (facts.mine) return now <= editableUntil(facts.mine.createdAt) ? undefined : 'rating_locked'
  return now <= rateUntil(facts.stateSince) ? undefined : 'rating_window_closed'
}

/** The comment as it is stored: without surrounding white space ('' when there is none). */
export function cleanComment(comment: string): string {
  return comment.trim()
}

/** Characters as people count them (code points, as the API's length limits do). */
export function commentLength(comment: string): number {
  return [...cleanComment(comment)].length
}

export type CommentProblem = 'too_long' | 'not_one_paragraph'

/**
 * What is wrong with a comment, if anything: it may be empty; otherwise one paragraph (no line
 * breaks, no bidi controls) that shows at least one character, at most 500 characters.
 */
export function commentProblem(comment: string): CommentProblem | undefined {
  const clean = cleanComment(comment)
  if (commentLength(clean) > RATING_COMMENT_MAX_LENGTH) return 'too_long'
  if (clean !== '' && !isLineOfText(clean)) return 'not_one_paragraph'
  return undefined
}

/** One rating as the order screen shows it. */
export interface Rating {
  id: string
  score: RatingScore
  comment: string
  author: { id: string; name: string }
  /** The role of the member it rates. */
  subjectRole: RatedRole
  createdAt: string
  updatedAt: string
  /** Only ever true for the author's own rating (and for admins): others never see removed ones. */
  removed: boolean
}

/** `GET /api/orders/:id/ratings` and the answer of `PUT /api/orders/:id/rating`. */
export interface OrderRatings {
  /** The viewer's rating of the other side (null for admins, or before they rate). */
  mine: Rating | null
  /** The other side's rating of the viewer (null for admins, when none or when it was removed). */
  theirs: Rating | null
  /** Admins only (null to the parties): both sides' ratings, removed ones included. */
  all: Rating[] | null
  /** True when the viewer may send or change their rating now. */
  canRate: boolean
  /** The end of the window for a first rating; null until the order completes. */
  rateUntil: string | null
  /** Until when the viewer's sent rating can be changed; null before they rate. */
  editableUntil: string | null
}

/** `PUT /api/orders/:id/rating`. */
export interface RatingInput {
  score: RatingScore
  comment: string
}

/** One rating on a seller's profile. */
export interface ProfileRating {
  id: string
  score: RatingScore
  comment: string
  createdAt: string
  /** The buyer's display name. */
  raterName: string
}

/** `GET /api/sellers/:id`: what anyone may see of a seller. */
export interface SellerProfile {
  id: string
  name: string
  memberSince: string
  /** Their orders as seller that completed. */
  completedSales: number
  /** Ratings received as seller over the last `POSITIVE_SHARE_MONTHS` months (removed ones aside). */
  ratingCount: number
  /** The positive ones among those, 0–1; null when there are none. */
  positiveShare: number | null
  /** The latest `PROFILE_RECENT_RATINGS` ratings received as seller, newest first. */
  recentRatings: ProfileRating[]
  /** Their lots open or about to open, soonest to end first. */
  openLots: LotSummary[]
  /** Members who follow the seller (live shows, issue 34: they hear when a show starts). */
  followers: number
  /** The signed-in viewer follows the seller; false for a guest. */
  following: boolean
}

/** The positive share as a whole percentage for display, or null when there are no ratings. */
export function positivePercent(share: number | null): number | null {
  return share === null ? null : Math.round(share * 100)
}
