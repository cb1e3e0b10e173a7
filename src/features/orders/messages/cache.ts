import type { OrderMessage } from '../../../../common/orders/messages'
import type { ThreadPages } from './keys'

/** The thread with `message` on top of its newest page (once: a live event and an answer may
 *  both bring it). */
export function addMessage(cached: ThreadPages, message: OrderMessage): ThreadPages {
  if (cached.pages.some((p) => p.items.some((m) => m.id === message.id))) return cached
  const [first, ...rest] = cached.pages
  const head = first
    ? { ...first, items: [message, ...first.items] }
    : { items: [message], nextCursor: null }
  return { ...cached, pages: [head, ...rest] }
}

/** The thread's messages oldest first, as it reads. */
export const oldestFirst = (cached: ThreadPages | undefined): OrderMessage[] =>
  (cached?.pages.flatMap((p) => p.items) ?? []).slice().reverse()
