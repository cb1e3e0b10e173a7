/** What AppState (app-state.ts) keeps per channel and per presence member. */
import type { Connection } from './connection.ts'
import type { ChannelKind } from './names.ts'

export interface PresenceMember {
  info: unknown
  sockets: Set<Connection>
  /** Set while the member has no socket left but is still listed (the leave window). */
  leaving?: NodeJS.Timeout
}

export interface ChannelState {
  name: string
  kind: ChannelKind
  subscribers: Set<Connection>
  /** Presence channels only: one entry per user id, however many sockets that user has. */
  members: Map<string, PresenceMember> | undefined
  /** Subscription counts (subscription-counts.ts): the count this channel's sockets last got… */
  countSent?: number
  /** …and the sockets that joined since, owed the current count even if it did not change. */
  countOwed?: Set<Connection>
}

export type PresenceJoin =
  /** `members`: user id → info across the cluster, for subscription_succeeded. */
  { ok: true; members: Map<string, unknown> } | { ok: false; reason: 'member_limit' }
