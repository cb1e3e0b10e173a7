/**
 * An order's message thread (issue 29): what it carries on the wire and the rules a message must
 * meet, checked by the composer before sending and by the API before storing.
 */
import { hasVisibleText } from '../auction/text.ts'
import type { OrderViewer } from './shapes.ts'

/** The longest message, in characters (code points) after trimming. */
export const ORDER_MESSAGE_MAX_LENGTH = 2000
/** The composer shows its count from here on. */
export const ORDER_MESSAGE_COUNT_FROM = 1800
/** Messages one member may send per minute (ORDER_MESSAGE_LIMIT_PER_MEMBER's default). */
export const ORDER_MESSAGES_PER_MINUTE = 20
/** A page of the thread. */
export const ORDER_MESSAGE_PAGE = 30

export interface OrderMessage {
  /** Ascends with time across all threads: the page cursor and the read marker. */
  id: number
  orderId: string
  author: { id: string; name: string; role: OrderViewer }
  body: string
  createdAt: string
}

/**
 * `GET /api/orders/:id/messages`: the newest page first, each page newest first; `nextCursor`
 * asks for the page of older messages before it.
 */
export interface OrderMessagePage {
  items: OrderMessage[]
  nextCursor: string | null
}

/** `GET /api/orders/unread`: unread messages across the member's orders (the Orders badge). */
export interface OrderMessagesUnread {
  count: number
}

/** `POST /api/orders/:id/messages/read`: what is left unread in this thread, and in all. */
export interface OrderMessagesRead extends OrderMessagesUnread {
  unreadMessages: number
}

/** Its length as people count it: code points, as the database's check does. */
export function messageLength(text: string): number {
  return Array.from(text.trim()).length
}

/** Bidi embedding, override and isolate controls: they can make a message read as another. */
function reorders(text: string): boolean {
  // In the function, not the module, so that mutation testing runs its mutants (docs/testing.md).
  return /[\u202a-\u202e\u2066-\u2069]/u.test(text)
}

/** Why `text` cannot be sent as a message, or undefined when it can. Several lines are fine. */
export function messageProblem(text: string): 'blank' | 'too_long' | 'reordering' | undefined {
  if (!hasVisibleText(text)) return 'blank'
  if (messageLength(text) > ORDER_MESSAGE_MAX_LENGTH) return 'too_long'
  if (reorders(text)) return 'reordering'
  return undefined
}

/** Whether `message` is the viewer's own (an admin sees every admin's message as theirs). */
export function isOwnMessage(
  message: Pick<OrderMessage, 'author'>,
  order: { viewer: OrderViewer; buyer: { id: string }; seller: { id: string } },
): boolean {
  if (order.viewer === 'admin') return message.author.role === 'admin'
  return message.author.id === (order.viewer === 'buyer' ? order.buyer.id : order.seller.id)
}
