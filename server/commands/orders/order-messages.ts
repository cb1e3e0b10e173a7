import type { Role } from '../../../common/accounts.ts'
import { messageProblem, type OrderMessage } from '../../../common/orders/messages.ts'
import type { OrderViewer } from '../../../common/orders/shapes.ts'
import type { Database, Queryable } from '../../db/types.ts'
import { AppError, notFound } from '../../lib/problem.ts'
import { insertNotification } from '../../repositories/notifications.ts'
import {
  hadProblem,
  insertOrderMessage,
  markThreadRead,
  messageAuthors,
  unreadIn,
} from '../../repositories/order-messages.ts'
import { lockOrder, type OrderRecord } from '../../repositories/orders.ts'
import { runCommand, type Audience, type CommandResult } from '../run-command.ts'
import { viewerOf } from './order-view.ts'

type User = { id: string; role: Role }

/**
 * Who may use an order's thread (docs/product.md "Delivery, fees and orders"): its buyer and its
 * seller always; an admin while the order is in `problem` (to settle it), and afterwards read-only
 * once it has had one (the record of how it was settled). Anyone else — and an admin on an order
 * that never had a problem — gets the 404 of an order they cannot see.
 */
export async function threadViewer(
  db: Queryable,
  order: OrderRecord | undefined,
  user: User,
  access: 'read' | 'write',
): Promise<OrderViewer> {
  const viewer = order && viewerOf(order, user)
  if (!order || !viewer) throw notFound('Order')
  if (viewer !== 'admin' || order.state === 'problem') return viewer
  if (!(await hadProblem(db, order.id))) throw notFound('Order')
  if (access === 'write') {
    throw new AppError(
      409,
      'order_wrong_state',
      'Admins write in an order’s thread only while it has an open problem.',
    )
  }
  return viewer
}

/** A message's text as the API takes it, or a 422 that names the field. */
export function messageBodyOf(text: string): string {
  const problem = messageProblem(text)
  if (problem === undefined) return text.trim()
  const why = {
    blank: 'Must have visible characters.',
    too_long: 'Must be at most 2000 characters.',
    reordering: 'Must not contain text-direction controls.',
  }[problem]
  throw new AppError(422, 'validation_failed', 'Some fields need attention.', { body: why })
}

export interface PostMessage {
  orderId: string
  user: User
  body: string
  key: string | undefined
}

/**
 * A message in an order's thread. The order is locked, so two messages at once still notify a
 * reader once: the thread's other participants (its buyer or seller, and admins who wrote in it)
 * hear `order.message` after commit, and get a notification (and push) only when this is the first
 * message they have not read. Writing reads the thread for its author. With an Idempotency-Key a
 * repeat (an offline send replayed) answers the stored message and posts nothing.
 */
export async function postOrderMessage(
  db: Database,
  request: PostMessage,
  publishTo?: Audience,
  now: Date = new Date(),
): Promise<CommandResult<OrderMessage>> {
  const body = messageBodyOf(request.body)
  const { orderId, user } = request
  const once = {
    userId: user.id,
    scope: 'order-message' as const,
    key: request.key,
    parts: [orderId, body],
    statusCode: 201,
  }
  return runCommand(db, { once, publishTo }, async (tx, events) => {
    const order = await lockOrder(tx, orderId)
    await threadViewer(tx, order, user, 'write')
    const thread = order!
    const others = [
      ...new Set([thread.buyerId, thread.sellerId, ...(await messageAuthors(tx, orderId))]),
    ].filter((id) => id !== user.id)
    const firstUnread = new Set<string>()
    for (const id of others) if ((await unreadIn(tx, id, orderId)) === 0) firstUnread.add(id)

    const message = await insertOrderMessage(tx, { orderId, authorId: user.id, body, now })
    await markThreadRead(tx, user.id, orderId, message.id)
    for (const id of firstUnread) {
      const { notification } = await insertNotification(tx, {
        userId: id,
        kind: 'order_message',
        lotId: null,
        data: { orderId, title: thread.lotTitle, from: message.author.name },
      })
      events.notify(id, notification)
    }
    events.orderMessage(others, { orderId, message })
    return message
  })
}
