import type { ShowChatMessage, ShowListKind, ShowSummary } from '../../../common/shows'

// The shows feature's cache keys and pure cache edits: the bridge's rules (rules.ts) load with
// every visit's real-time table, so they import only this, not the feature's hooks.

export interface ShowPage {
  items: ShowSummary[]
  nextCursor: string | null
}
export interface ChatPage {
  /** Oldest first. */
  items: ShowChatMessage[]
  nextCursor: string | null
}

export const showKeys = {
  all: ['shows'] as const,
  lists: () => ['shows', 'list'] as const,
  list: (kind: ShowListKind) => ['shows', 'list', kind] as const,
  /** The shows screen's paged list (under `list(kind)`: invalidating a list covers it). */
  pages: (kind: ShowListKind) => ['shows', 'list', kind, 'pages'] as const,
  detail: (id: string) => ['shows', 'detail', id] as const,
  chat: (id: string) => ['shows', 'chat', id] as const,
  /** The lot picker's pages: the seller's own lots, so never kept across sign-outs. */
  showableAll: () => ['shows', 'showable'] as const,
  showable: (q: string, showId: string | null) => ['shows', 'showable', q, showId] as const,
}

/** Adds one message to a cached chat page (once, in time order). */
export function withMessage(page: ChatPage, message: ShowChatMessage): ChatPage {
  if (page.items.some((item) => item.id === message.id)) return page
  const items = [...page.items, message].sort((a, b) => Date.parse(a.at) - Date.parse(b.at))
  return { ...page, items }
}

export function withoutMessage(page: ChatPage, messageId: string): ChatPage {
  return { ...page, items: page.items.filter((item) => item.id !== messageId) }
}
