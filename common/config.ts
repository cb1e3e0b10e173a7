/** Shape of `GET /api/config`: what the browser needs at runtime, so one build deploys anywhere. */
export interface RuntimeConfig {
  realtime: {
    key: string
    host: string
    port: number
    scheme: 'http' | 'https'
    cluster: string
  }
  stripe: { publishableKey: string | null }
  currency: string
  /**
   * Web Push (decision 0032): the VAPID public key (base64url), the `applicationServerKey` to
   * subscribe with; null when push is off on this server.
   */
  push: { publicKey: string } | null
  /**
   * The buyer's premium and the seller's fee on the hammer price, in percent with at most two
   * decimals (decision 0051); `common/orders/fees.ts` turns them into what each side pays.
   */
  fees: { buyerPremiumPercent: number; sellerFeePercent: number }
  /**
   * Money in and out on this server (decision 0053): card top-ups and refunds need Stripe keys,
   * payouts too; `demoCredit` is what a new member receives to try the app (minor units, 0 when
   * this server grants none: always in production).
   */
  money: { cardPayments: boolean; payouts: boolean; demoCredit: number }
  /** Server clock, ISO-8601, for countdown offsets. */
  serverTime: string
}

/**
 * The currency (ISO 4217) when the server's CURRENCY is not set, and the one the client formats
 * amounts in until it knows the server's.
 */
export const DEFAULT_CURRENCY = 'EUR'

/** Header every request from the app carries (CSRF defence with SameSite cookies). */
export const ASYNC_HEADER = 'X-Requested-With'
export const ASYNC_HEADER_VALUE = 'XMLHttpRequest'
export const SOCKET_ID_HEADER = 'X-Socket-ID'
export const IDEMPOTENCY_HEADER = 'Idempotency-Key'
/** Set on a response served from the idempotency store instead of doing the work again. */
export const REPLAYED_HEADER = 'Idempotent-Replayed'
