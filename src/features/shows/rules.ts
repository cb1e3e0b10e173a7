import type { ShowChatMessage, ShowDetail, ShowSummary } from '../../../common/shows'
import { CHANNEL_PATTERNS, EVENTS } from '../../../common/wire'
import type { BridgeRule } from '../../realtime/bridge'
import { showKeys, withMessage, withoutMessage, type ChatPage, type ShowPage } from './keys'

// Only this module and api.ts come with the bridge's table: no screen of the shows feature.

const SHOW_CHANNEL = CHANNEL_PATTERNS.show
const SHOWS_CHANNEL = CHANNEL_PATTERNS.shows

/**
 * The show changed: the event is the whole show but without anyone's `my`, so the viewer's own
 * stays. A version gap, or a re-subscription after a drop, refetches the show: the room never
 * keeps presenting a lot that closed while it was not listening.
 */
const showUpdated: BridgeRule<ShowDetail, ShowDetail> = {
  channel: SHOW_CHANNEL,
  event: EVENTS.showUpdated,
  queryKey: (_data, params) => showKeys.detail(params.id ?? ''),
  merge: (cached, data) => ({ ...data, my: cached.my }),
  gapKeys: (params) => [showKeys.detail(params.id ?? '')],
}

/** The show changed but was too large to send (a long queue): fetch it. */
const showChanged: BridgeRule<{ id: string; version: number }, ShowDetail> = {
  channel: SHOW_CHANNEL,
  event: EVENTS.showChanged,
  queryKey: (_data, params) => showKeys.detail(params.id ?? ''),
  invalidate: true,
}

/** Chat is not versioned: a message is added once (by id); a drop refetches the latest page. */
const chatMessage: BridgeRule<ShowChatMessage, ChatPage> = {
  channel: SHOW_CHANNEL,
  event: EVENTS.chatMessage,
  queryKey: (_data, params) => showKeys.chat(params.id ?? ''),
  eventVersion: () => undefined,
  merge: withMessage,
  gapKeys: (params) => [showKeys.chat(params.id ?? '')],
}

const chatRemoved: BridgeRule<{ showId: string; messageId: string }, ChatPage> = {
  channel: SHOW_CHANNEL,
  event: EVENTS.chatRemoved,
  queryKey: (_data, params) => showKeys.chat(params.id ?? ''),
  eventVersion: () => undefined,
  merge: (cached, data) => withoutMessage(cached, data.messageId),
}

const isOn = (show: ShowSummary) => show.state === 'live' || show.state === 'paused'

/** "Live now": a show that went on joins it (or is updated in place), one that ended leaves. */
export function withListed(page: ShowPage, show: ShowSummary): ShowPage {
  const rest = page.items.filter((item) => item.id !== show.id)
  if (!isOn(show)) return { ...page, items: rest }
  const at = page.items.findIndex((item) => item.id === show.id)
  if (at < 0) return { ...page, items: [show, ...rest] }
  return { ...page, items: page.items.map((item) => (item.id === show.id ? show : item)) }
}

const listedLive: BridgeRule<ShowSummary, ShowPage> = {
  channel: SHOWS_CHANNEL,
  event: EVENTS.showListed,
  queryKey: () => showKeys.list('live'),
  eventVersion: () => undefined,
  merge: withListed,
  gapKeys: () => [showKeys.lists()],
}

/** Upcoming and past lists cannot be placed locally (order, cursor): they refetch. */
const listedOthers: BridgeRule<ShowSummary, ShowPage> = {
  channel: SHOWS_CHANNEL,
  event: EVENTS.showListed,
  queryKey: () => showKeys.list('upcoming'),
  invalidate: true,
  gapKeys: () => [showKeys.list('upcoming'), showKeys.list('past')],
}

/** The shows screen's paged "Live now" cannot be patched page by page: it refetches. */
const listedLivePages: BridgeRule<ShowSummary, unknown> = {
  channel: SHOWS_CHANNEL,
  event: EVENTS.showListed,
  queryKey: () => showKeys.pages('live'),
  invalidate: true,
}

export const showRules = [
  showUpdated,
  showChanged,
  chatMessage,
  chatRemoved,
  listedLive,
  listedLivePages,
  listedOthers,
]
