import type { Role } from '../../../common/accounts.ts'
import type { OrderDetail } from '../../../common/orders/shapes.ts'
import {
  decideOrderMove,
  type OrderDeadlines,
  type OrderMove,
} from '../../../common/orders/states.ts'
import type { Database, Queryable } from '../../db/types.ts'
import type { Publication } from '../../lib/publication.ts'
import { AppError, notFound } from '../../lib/problem.ts'
import { findAddress } from '../../repositories/addresses.ts'
import { unreadIn } from '../../repositories/order-messages.ts'
import { insertAudit } from '../../repositories/admin.ts'
import { insertNotification } from '../../repositories/notifications.ts'
import {
  appendOrderEvent,
  findOrder,
  lockOrder,
  orderEvents,
  updateOrder,
  type OrderChange,
  type OrderRecord,
} from '../../repositories/orders.ts'
import { lockWallets, walletsOf } from '../../repositories/wallets.ts'
import { runCommand, type Audience, type CommandResult } from '../run-command.ts'
import { refundOrder, refundShipping, releaseProceeds } from './order-money.ts'
import { toldOfMove } from './move-notices.ts'
import { mailOfMove } from './move-mails.ts'
import type { AlertMailer } from '../../mail/alerts/mailer.ts'
import { refusalError } from './order-refusals.ts'
import { factsOf, paidFor, toOrderDetail, viewerOf } from './order-view.ts'

export interface OrderDeps {
  db: Database
  deadlines: OrderDeadlines
  currency: string
  /** Shipped and problem-opened mails, in the move's transaction; none when not given. */
  alerts?: AlertMailer | undefined
}

/** What a move carries besides its type: the address, the shipment, or the admin's resolution. */
export interface MoveDetails {
  addressId?: string
  shipment?: { carrier: string; trackingNumber: string | null }
  /** An admin's resolution: the reason (audited) and, for a refund, the amount (default all). */
  resolution?: { reason: string; amount?: number | undefined }
}

export interface MoveRequest extends MoveDetails {
  orderId: string
  user: { id: string; role: Role }
  move: OrderMove
  key: string | undefined
}

/**
 * One move of an order (issue 29, decision 0051), as its buyer, its seller or an admin: the order
 * is locked, the move table decides (409 with a code when the state does not allow it), the money
 * moves with it in the same transaction, the timeline records it, and both sides hear
 * `order.updated` after commit. With an Idempotency-Key a repeat answers the stored order.
 */
export async function moveOrder(
  deps: OrderDeps,
  request: MoveRequest,
  publishTo?: Audience,
  now: Date = new Date(),
): Promise<CommandResult<OrderDetail>> {
  const { orderId, user, move } = request
  const once = {
    userId: user.id,
    scope: 'order-move' as const,
    key: request.key,
    parts: [orderId, move, request.addressId, request.shipment, request.resolution],
  }
  return runCommand(deps.db, { once, publishTo }, async (tx, events) => {
    const order = await lockOrder(tx, orderId)
    const viewer = order && viewerOf(order, user)
    if (!order || !viewer) throw notFound('Order')
    const decision = decideOrderMove(factsOf(order), move, viewer, deps.deadlines, now)
    if (!decision.ok) throw refusalError(decision.refusal)
    const change = await applyMove(tx, order, { ...request, state: decision.state })
    const reason = request.resolution?.reason ?? null
    await finishMove(tx, events, deps, { order, change, move, actorId: user.id, reason }, now)
    const moved = (await findOrder(tx, orderId))!
    const timeline = await orderEvents(tx, orderId)
    const unread = await unreadIn(tx, user.id, orderId)
    return toOrderDetail(moved, timeline, viewer, deps.deadlines, now, unread)
  })
}

/**
 * The job's move: a shipped order completes by itself once its time has come. Runs once per order
 * on any number of nodes: the order's lock and the move table make a second run a no-op.
 */
export async function autoCompleteOrder(
  deps: OrderDeps & { broadcaster?: Audience['broadcaster'] },
  orderId: string,
  now: Date = new Date(),
): Promise<boolean> {
  const move: OrderMove = { type: 'auto_complete' }
  const publishTo = deps.broadcaster ? { broadcaster: deps.broadcaster } : undefined
  const { body } = await runCommand(deps.db, { publishTo }, async (tx, events) => {
    const order = await lockOrder(tx, orderId)
    if (!order) return false
    const decision = decideOrderMove(factsOf(order), move, 'system', deps.deadlines, now)
    if (!decision.ok) return false
    const change = await applyMove(tx, order, { move, state: decision.state })
    await finishMove(tx, events, deps, { order, change, move, actorId: null, reason: null }, now)
    return true
  })
  return body
}

/** What the move writes: the money, and the order's new fields. */
async function applyMove(
  tx: Queryable,
  order: OrderRecord,
  request: MoveDetails & { move: OrderMove; state: OrderChange['state'] },
): Promise<OrderChange & { moneyMoved: boolean }> {
  const change = { state: request.state, moneyMoved: false }
  switch (request.move.type) {
    case 'choose_address': {
      const address = request.addressId
        ? await findAddress(tx, order.buyerId, request.addressId)
        : undefined
      if (!address) {
        throw new AppError(422, 'validation_failed', 'Some fields need attention.', {
          addressId: 'Must be one of your addresses.',
        })
      }
      const { id: _id, isDefault: _default, createdAt: _created, ...shipTo } = address
      return { ...change, shipTo }
    }
    case 'choose_pickup':
      if (order.shipping === 0) return { ...change, shipping: 0 }
      await lockWallets(tx, [order.buyerId, order.sellerId])
      await refundShipping(tx, order, order.shipping)
      return { ...change, shipping: 0, moneyMoved: true }
    case 'ship':
      // The shipment route always sends one; a ship without it is a caller's bug, not a shipment.
      if (!request.shipment) throw new Error('a ship move needs its shipment')
      return { ...change, shipment: request.shipment }
    case 'confirm_receipt':
    case 'auto_complete':
      await lockWallets(tx, [order.buyerId, order.sellerId])
      await releaseProceeds(tx, order)
      return { ...change, moneyMoved: true }
    case 'open_problem':
      return change
    case 'resolve':
      return resolve(tx, order, request.move.outcome, request.resolution)
  }
}

async function resolve(
  tx: Queryable,
  order: OrderRecord,
  outcome: 'refund' | 'complete',
  resolution: MoveDetails['resolution'],
): Promise<OrderChange & { moneyMoved: boolean }> {
  await lockWallets(tx, [order.buyerId, order.sellerId])
  if (outcome === 'complete') {
    await releaseProceeds(tx, order)
    return { state: 'completed', moneyMoved: true }
  }
  const paid = paidFor(order)
  const amount = resolution?.amount ?? paid
  await refundOrder(tx, order, amount, paid)
  return { state: 'refunded', refundedAmount: amount, moneyMoved: true }
}

/** The order's row and timeline, the admin's audit, and what both sides hear after commit. */
async function finishMove(
  tx: Queryable,
  events: Publication,
  deps: OrderDeps,
  moved: {
    order: OrderRecord
    change: OrderChange & { moneyMoved: boolean }
    move: OrderMove
    actorId: string | null
    /** An admin's reason, for the audit. */
    reason: string | null
  },
  now: Date,
) {
  const { order, change, move, actorId, reason } = moved
  const { moneyMoved, ...orderChange } = change
  await updateOrder(tx, order.id, orderChange, now)
  await appendOrderEvent(tx, {
    orderId: order.id,
    state: change.state,
    move: move.type,
    actorId,
    now,
  })
  if (move.type === 'resolve' && actorId) {
    await insertAudit(tx, {
      adminId: actorId,
      action: 'order.resolve',
      targetType: 'order',
      targetId: order.id,
      reason,
      details: { outcome: move.outcome, refundedAmount: change.refundedAmount ?? null },
    })
  }
  const parties = [order.buyerId, order.sellerId]
  events.orderUpdated(parties, { id: order.id, state: change.state, version: order.version + 1 })
  for (const side of toldOfMove(move.type)) {
    const { userId, notification } = await insertNotification(tx, {
      userId: side === 'buyer' ? order.buyerId : order.sellerId,
      kind: 'order_moved',
      lotId: null,
      data: { orderId: order.id, title: order.lotTitle, state: change.state },
    })
    events.notify(userId, notification)
  }
  await mailOfMove(tx, deps.alerts, { order, move: move.type, shipment: change.shipment })
  if (moneyMoved) {
    for (const [userId, wallet] of await walletsOf(tx, parties, deps.currency)) {
      events.walletUpdated(userId, wallet)
    }
  }
}
