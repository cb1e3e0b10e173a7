/**
 * The wire contract between the server, the client, the service worker and the benchmarks: id
 * formats, real-time channel and event names with the payload each event carries, and the answer
 * bodies more than one side reads. Defined once here; docs/realtime.md describes the same contract
 * in prose.
 */
import type { AppNotification, BidRow, LotDetail, LotSummary } from './auction.ts'
import type { OrderMessage } from './orders/messages.ts'
import type { OrderState } from './orders/states.ts'
import type { TopUp, Wallet } from './wallet.ts'
import type { Payout, PayoutAccountState, Withdrawal } from './money-out.ts'
import type { ShowChatMessage, ShowDetail, ShowSummary } from './shows.ts'

// ── Ids ──────────────────────────────────────────────────────────────────────────────────────────

/** A UUID as PostgreSQL prints it (lower case): users, lots and top-ups have these ids. */
export const UUID_SOURCE = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'
/** The same, anchored: for a JSON schema's `pattern` or a whole-string test. */
export const UUID_PATTERN = `^${UUID_SOURCE}$`
const UUID = new RegExp(UUID_PATTERN)
export const isUuid = (value: unknown): value is string =>
  typeof value === 'string' && UUID.test(value)

/** A real-time socket id as the Pusher protocol issues it (`1234.5678`): the X-Socket-ID header
 *  and channel authorization's `socket_id`. */
export const SOCKET_ID_PATTERN = '^\\d+\\.\\d+$'
const SOCKET_ID = new RegExp(SOCKET_ID_PATTERN)
export const isSocketId = (value: unknown): value is string =>
  typeof value === 'string' && SOCKET_ID.test(value)

/** A page cursor that is a row id (bids after one, notifications and ledger entries before one). */
export const NUMERIC_CURSOR_PATTERN = '^[0-9]{1,15}$'
/** A wallet entry's id in a path (its receipt): a positive whole number. */
export const ENTRY_ID_PATTERN = '^[1-9][0-9]{0,14}$'
const ENTRY_ID = new RegExp(ENTRY_ID_PATTERN)
/** A ledger entry id as the receipt route takes it (a positive bigint, 1–15 digits). */
export const isEntryId = (value: string): boolean => ENTRY_ID.test(value)

// ── Paths ────────────────────────────────────────────────────────────────────────────────────────

/**
 * The paths under the app's base that the server owns (the API, real-time authorization, health,
 * lot pictures): never answered with the app shell, by the server's fallback or the service worker.
 */
export const SERVER_PATHS = ['api', 'broadcasting', 'health', 'metrics', 'uploads'] as const

/** True when `relative` (a path under the base, without its leading slash) is the server's. */
export const isServerPath = (relative: string): boolean =>
  SERVER_PATHS.some((p) => relative === p || relative.startsWith(`${p}/`))

// ── Channels ─────────────────────────────────────────────────────────────────────────────────────

/** Every lot's summary changes (anyone). */
export const LOTS_CHANNEL = 'lots'
/** One lot's bids and changes (anyone). */
export const lotChannel = (lotId: string): string => `lot.${lotId}`
/** Who is in one lot's room now, by alias (signed-in members). */
export const lotPresenceChannel = (lotId: string): string => `presence-lot.${lotId}`
/** One member's wallet (that member only). */
export const walletChannel = (userId: string): string => `private-wallet.${userId}`

/** Shows starting, going live and ending: the list's "Live now" strip (anyone). */
export const SHOWS_CHANNEL = 'shows'
/**
 * One show's state, lots and chat (anyone; decision 0061). Its subscription count
 * (`pusher:subscription_count`) is the room's viewer count, guests included.
 */
/** The start of every show's channel name: the channels the real-time service counts. */
export const SHOW_CHANNEL_PREFIX = 'show.'
export const showChannel = (showId: string): string => `${SHOW_CHANNEL_PREFIX}${showId}`

/**
 * The same names as patterns with named groups, for code that routes events by channel (the
 * client's real-time bridge): `id` is the lot, `userId` the member.
 */
export const CHANNEL_PATTERNS = {
  lots: /^lots$/,
  lot: new RegExp(`^lot\\.(?<id>${UUID_SOURCE})$`),
  lotPresence: new RegExp(`^presence-lot\\.(?<id>${UUID_SOURCE})$`),
  wallet: new RegExp(`^private-wallet\\.(?<userId>${UUID_SOURCE})$`),
  shows: /^shows$/,
  show: new RegExp(`^show\\.(?<id>${UUID_SOURCE})$`),
} as const

/** The member a wallet channel belongs to, or null when the name is not a wallet channel. */
export const walletChannelUser = (channel: string): string | null =>
  CHANNEL_PATTERNS.wallet.exec(channel)?.groups?.userId ?? null
/** The lot a presence channel is the room of, or null when the name is not one. */
export const lotPresenceLot = (channel: string): string | null =>
  CHANNEL_PATTERNS.lotPresence.exec(channel)?.groups?.id ?? null

// ── Events and their payloads ────────────────────────────────────────────────────────────────────

/** `bid.placed` on `lot.{id}`: the rows a batch of bids added and the lot as it then stands. */
export interface BidPlacedEvent {
  lotId: string
  bids: BidRow[]
  lot: LotSummary
}

/** `order.updated`: which order moved, to which state, at which version. */
export interface OrderUpdatedEvent {
  id: string
  state: OrderState
  version: number
}

/** `order.message`: a new message in one of the member's order threads, to its other participants. */
export interface OrderMessageEvent {
  orderId: string
  message: OrderMessage
}

/**
 * The most one event's data may hold: Pusher's limit, and the embedded service's default
 * (docs/realtime.md). An event that could grow past it has a smaller stand-in.
 */
export const EVENT_DATA_MAX_BYTES = 10 * 1024

/** What each event carries: every publish and every handler is typed by this map. */
export interface EventPayloads {
  'lot.created': LotSummary
  'lot.updated': LotSummary
  /** The seller edited the lot's text (decision 0025): the room refetches its detail. */
  'lot.edited': LotSummary
  'bid.placed': BidPlacedEvent
  'wallet.updated': Wallet
  /** A top-up changed without a wallet change (refunded over the cap): on the wallet channel. */
  'top_up.updated': TopUp
  /**
   * One of the member's orders moved (issue 29), on the wallet channel of its buyer and its seller:
   * each side refetches its own view of it (what they may do next differs).
   */
  'order.updated': OrderUpdatedEvent
  /**
   * A message in an order's thread (issue 29), on the wallet channel of each participant but its
   * author: the thread shows it and the Orders badge counts it.
   */
  'order.message': OrderMessageEvent
  /** A payout moved (sent, failed, reversed): on its member's wallet channel (decision 0053). */
  'payout.updated': Payout
  /** A withdrawal moved (a refund settled or failed): on its member's wallet channel. */
  'withdrawal.updated': Withdrawal
  /** The member's Stripe Connect account changed (`account.updated`): on their wallet channel. */
  'payout_account.updated': PayoutAccountState
  /** Sent to one signed-in user (`#server-to-user-{id}`), not on a channel. */
  notification: AppNotification
  /** A show changed (state, lot on the block, a result, the queue): on `show.{id}`, `my` null. */
  'show.updated': ShowDetail
  /**
   * The show changed but is too large for one event (`EVENT_DATA_MAX_BYTES`, a long queue):
   * on `show.{id}` instead of `show.updated`; clients fetch the show.
   */
  'show.changed': { id: string; version: number }
  /** A show started, went live, paused or ended: on `shows`, for the "Live now" strip. */
  'show.listed': ShowSummary
  /** A chat message, on `show.{id}`. */
  'chat.message': ShowChatMessage
  /** The host removed a chat message, on `show.{id}`. */
  'chat.removed': { showId: string; messageId: string }
}
export type EventName = keyof EventPayloads

export const EVENTS = {
  lotCreated: 'lot.created',
  lotUpdated: 'lot.updated',
  lotEdited: 'lot.edited',
  bidPlaced: 'bid.placed',
  walletUpdated: 'wallet.updated',
  topUpUpdated: 'top_up.updated',
  orderUpdated: 'order.updated',
  orderMessage: 'order.message',
  payoutUpdated: 'payout.updated',
  withdrawalUpdated: 'withdrawal.updated',
  payoutAccountUpdated: 'payout_account.updated',
  notification: 'notification',
  showUpdated: 'show.updated',
  showChanged: 'show.changed',
  showListed: 'show.listed',
  chatMessage: 'chat.message',
  chatRemoved: 'chat.removed',
} as const satisfies Record<string, EventName>

// ── Answers read by more than one side ───────────────────────────────────────────────────────────

/** `POST /api/lots/:id/bids` → 201: the rows this bid added (the bidder's, and a proxy bid for
 *  the other side), the lot and the bidder's wallet as they now stand. */
export interface BidResponse {
  bids: BidRow[]
  lot: LotDetail
  wallet: Wallet
}
