/**
 * Stable error codes shared by the API (problem+json `code`) and the client (translation key).
 * Adding a code here is the only way to introduce a new API error.
 */
export const ERROR_CODES = [
  'validation_failed',
  'bad_request',
  'csrf_header_missing',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'email_taken',
  'invalid_credentials',
  'rate_limited',
  'payload_too_large',
  'unsupported_media_type',
  'idempotency_key_required',
  'idempotency_key_reused',
  'payments_not_configured',
  'balance_cap_exceeded',
  'lot_not_open',
  'bid_too_low',
  'max_below_amount',
  'max_not_raised',
  'insufficient_funds',
  'own_lot',
  'lot_has_bids',
  'lot_not_cancellable',
  'lot_not_editable',
  'alias_taken',
  'wrong_password',
  'account_has_holds',
  'account_has_lots',
  'pictures_locked',
  'too_many_pictures',
  /** 409: a member keeps at most ADDRESSES_MAX addresses (common/orders/addresses.ts). */
  'too_many_addresses',
  /** 409: the order is not in a state this move starts from (someone moved it first). */
  'order_wrong_state',
  /** 409: not yet — the ship-by or auto-complete time has not passed. */
  'order_too_early',
  /** 409: the lot did not offer that way of delivery. */
  'delivery_not_offered',
  /** 409: the order cannot be rated — it has not completed (or was refunded). */
  'rating_not_open',
  /** 409: the 30 days to rate a completed order have passed. */
  'rating_window_closed',
  /** 409: a rating is fixed 24 hours after it was sent. */
  'rating_locked',
  /** 409: an admin removed this rating; it cannot be sent again. */
  'rating_removed',
  /** 409: an admin already removed this rating. */
  'rating_already_removed',
  /** 409: payouts need a connected payout account whose onboarding is finished (decision 0053). */
  'payouts_not_ready',
  /** 422: a payout below PAYOUT_MIN. */
  'payout_below_minimum',
  /** 409: the payout would pass PAYOUT_DAILY_MAX within 24 hours. */
  'payout_daily_limit',
  /** 409: part of a withdrawal could go neither to a card nor by payout. */
  'withdrawal_unreachable',
  /** 409: a member keeps at most SAVED_SEARCHES_MAX saved searches (common/saved-searches.ts). */
  'saved_searches_full',
  /** 409: the account still holds money; withdraw it before closing. */
  'account_has_money',
  /** 409: the account has orders that are not finished, or an open problem. */
  'account_has_orders',
  /** 409: a refund or a payout of this account has not settled yet. */
  'money_in_transit',
  /** 409: only what failed or is stuck (a payout, a withdrawal, a mail) can be retried. */
  'not_retryable',
  /** 400: a reset, verification or e-mail change link that is used, expired or unknown (decision 0054). */
  'token_invalid',
  /** 403: card top-ups and payouts wait until the member's address is verified. */
  'email_not_verified',
  /** 503: the server is decoding as many pictures as it takes at once; Retry-After says when. */
  'pictures_busy',
  /** 403: the lot's seller blocked this member's bids (issue 32, docs/security.md). */
  'bidder_blocked',
  /** 422: an admin debit larger than the member's available balance; `amount` is what is. */
  'debit_below_zero',
  /** 409: a bid that reached the server after the lot's end (a show lot's clock ran out). */
  'lot_ended',
  /** 409: the show is over; no host move changes it (decision 0061). */
  'show_ended',
  /** 409: the show is scheduled or paused: a lot opens only while it is live. */
  'show_not_live',
  /** 409: the show has not started: there is nothing to pause or resume. */
  'show_not_started',
  /** 409: a lot is on the block; the move waits for its result. */
  'lot_running',
  /** 409: no lot is left in the show's queue. */
  'show_queue_empty',
  /** 409: the lot named is not the next in the queue (someone moved first). */
  'not_next_lot',
  /** 409: the show has started: its lots and start time are fixed. */
  'show_not_editable',
  /** 409: the lot cannot join a show (not the seller's, open, ended, or already in a show). */
  'lot_not_showable',
  /** 403: the host muted this member in this show's chat. */
  'chat_muted',
  'account_suspended',
  'last_admin',
  'push_endpoint_taken',
  'service_unavailable',
  'internal_error',
] as const

export type ErrorCode = (typeof ERROR_CODES)[number]

/** RFC 9457 problem details as Lotline's API sends them. */
export interface Problem {
  type: string
  title: string
  status: number
  code: ErrorCode
  detail: string
  /** Per-field messages for validation errors, keyed by field name. */
  errors?: Record<string, string>
  /**
   * The amount the problem is about, in minor units of the server's currency: on
   * `account_has_money`, the real money still in the account, for "withdraw it first".
   */
  amount?: number
  instance?: string
}

export const PROBLEM_CONTENT_TYPE = 'application/problem+json'

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value)
}

/**
 * The code for an HTTP status whose body is not one of our problems: the client's fallback for an
 * answer from something in front of the API, and the server's for Fastify's own 4xx errors.
 */
export function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'bad_request'
    case 401:
      return 'unauthenticated'
    case 403:
      return 'forbidden'
    case 404:
      return 'not_found'
    case 409:
      return 'conflict'
    case 413:
      return 'payload_too_large'
    case 415:
      return 'unsupported_media_type'
    case 422:
      return 'validation_failed'
    case 429:
      return 'rate_limited'
    case 502:
    case 503:
    case 504:
      return 'service_unavailable'
    default:
      return status >= 500 ? 'internal_error' : 'bad_request'
  }
}
