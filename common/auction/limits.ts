/** The auction's limits: lengths, money bounds, durations, soft-close windows, pictures. */
import { BALANCE_CAP } from '../wallet.ts'

export const TITLE_MIN_LENGTH = 3
export const TITLE_MAX_LENGTH = 120
export const DESCRIPTION_MAX_LENGTH = 5_000
/** The seller's pickup or shipping note for the buyer (decision 0023). */
export const NEXT_STEPS_MAX_LENGTH = 500
/** Starting price ≥ 1.00. */
export const STARTING_PRICE_MIN = 100
/**
 * No price, reserve or maximum may exceed what one wallet can ever hold: a bid nobody could pay
 * would freeze the lot (nobody could outbid it).
 */
export const MONEY_MAX = BALANCE_CAP
export const DURATION_MIN_MS = 60_000
export const DURATION_MAX_MS = 14 * 24 * 3_600_000
/** A scheduled lot may start at most 30 days ahead. */
export const SCHEDULE_AHEAD_MAX_MS = 30 * 24 * 3_600_000
/** A start time this far in the past still counts as "now" (clock skew, slow networks). */
export const START_SKEW_MS = 60_000
/** A lot's picture: a JPEG, PNG or WebP file of at most 2 MB each (decisions 0010, 0024). */
export const LOT_IMAGE_MAX_BYTES = 2 * 1024 * 1024
export const LOT_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const
export type LotImageType = (typeof LOT_IMAGE_TYPES)[number]
/** At most this many pictures per lot (decision 0024). */
export const LOT_PICTURES_MAX = 8
/**
 * The most pixels an uploaded picture may decode to: 16 megapixels, room for a phone's 12 MP photo
 * (4032 × 3024) and a 16 MP camera's, while the largest copy shown is 1280 wide. A 2 MB file can
 * claim far more (a flat PNG compresses ~1000:1), and each megapixel costs the server time and
 * memory to decode (decisions 0031, 0047; docs/performance.md, "Lot pictures").
 */
export const LOT_IMAGE_MAX_PIXELS = 16_000_000
export const SOFT_CLOSE_DEFAULT_SECONDS = 60
/** 10 s (Whatnot's counter-bid time) to 10 min (the longest windows documented by auction houses). */
export const SOFT_CLOSE_MIN_SECONDS = 10
export const SOFT_CLOSE_MAX_SECONDS = 600
/** `GET /api/lots?status=ending_soon`: open lots ending within the hour. */
export const ENDING_SOON_LIST_MS = 3_600_000
/** Watchers are told once when a watched lot ends within 5 minutes. */
export const ENDING_SOON_NOTIFY_MS = 5 * 60_000
