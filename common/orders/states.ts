/**
 * An order's life after the hammer (decision 0051), as a table of moves: who may make each, from
 * which states, and where it leads. The API decides with it; the app reads it to offer the one next
 * action whoever must act has.
 *
 *   shipping: awaiting_address → awaiting_shipment → shipped → completed
 *   pickup:   awaiting_pickup → completed
 *   both offered: awaiting_address, where the buyer picks an address or the pickup
 *   problem: opened by the buyer, resolved by an admin to refunded or completed
 */
export const ORDER_STATES = [
  'awaiting_address',
  'awaiting_shipment',
  'shipped',
  'awaiting_pickup',
  'problem',
  'completed',
  'refunded',
] as const
export type OrderState = (typeof ORDER_STATES)[number]

/** Nothing can happen to an order in these states. */
export const FINAL_ORDER_STATES: readonly OrderState[] = ['completed', 'refunded']

/** How the lot said it would reach the buyer. */
export type OrderDelivery = 'shipping' | 'pickup' | 'either'

export type OrderRole = 'buyer' | 'seller' | 'admin' | 'system'

export type OrderMove =
  | { type: 'choose_address' }
  | { type: 'choose_pickup' }
  | { type: 'ship' }
  | { type: 'confirm_receipt' }
  | { type: 'auto_complete' }
  | { type: 'open_problem' }
  | { type: 'resolve'; outcome: 'refund' | 'complete' }
export type OrderMoveType = OrderMove['type']

interface MoveRule {
  by: OrderRole
  from: readonly OrderState[]
}

const MOVES: Record<OrderMoveType, MoveRule> = {
  // Before it is sent, the buyer may still change where it goes.
  choose_address: { by: 'buyer', from: ['awaiting_address', 'awaiting_shipment'] },
  choose_pickup: { by: 'buyer', from: ['awaiting_address'] },
  ship: { by: 'seller', from: ['awaiting_shipment'] },
  confirm_receipt: { by: 'buyer', from: ['shipped', 'awaiting_pickup'] },
  auto_complete: { by: 'system', from: ['shipped'] },
  open_problem: { by: 'buyer', from: ['awaiting_shipment', 'shipped', 'awaiting_pickup'] },
  resolve: { by: 'admin', from: ['problem'] },
}

/** What the decider needs to know of an order. */
export interface OrderFacts {
  state: OrderState
  delivery: OrderDelivery
  /** When the order entered its current state (ISO-8601 or Date). */
  stateSince: Date
}

/** Days an order may wait in a state before time moves it on (deployment settings). */
export interface OrderDeadlines {
  /** ORDER_SHIP_BY_DAYS: after this long unsent, the buyer may open a problem. */
  shipByDays: number
  /** ORDER_AUTO_COMPLETE_DAYS: after this long shipped, the order completes by itself. */
  autoCompleteDays: number
}

export const DEFAULT_ORDER_DEADLINES: OrderDeadlines = { shipByDays: 5, autoCompleteDays: 14 }

export type OrderRefusal =
  /** The move is not this role's to make. */
  | 'not_your_move'
  /** The order is not in a state the move starts from (409). */
  | 'wrong_state'
  /** The lot did not offer that way of delivery (409). */
  | 'delivery_not_offered'
  /** Not yet: the ship-by or auto-complete time has not passed (409). */
  | 'too_early'

export type OrderDecision = { ok: true; state: OrderState } | { ok: false; refusal: OrderRefusal }

const DAY_MS = 86_400_000

/** When an order in `stateSince` may move on by time alone: `days` after it entered the state. */
export const dueAt = (stateSince: Date, days: number) =>
  new Date(stateSince.getTime() + days * DAY_MS)

/** Where an allowed move leads. */
function nextState(move: OrderMove): OrderState {
  switch (move.type) {
    case 'choose_address':
      return 'awaiting_shipment'
    case 'choose_pickup':
      return 'awaiting_pickup'
    case 'ship':
      return 'shipped'
    case 'confirm_receipt':
    case 'auto_complete':
      return 'completed'
    case 'open_problem':
      return 'problem'
    case 'resolve':
      return move.outcome === 'refund' ? 'refunded' : 'completed'
  }
}

/** An address needs a lot that ships, the pickup a lot that can be picked up. */
const offered = (type: OrderMoveType, delivery: OrderDelivery) =>
  (type !== 'choose_address' || delivery !== 'pickup') &&
  (type !== 'choose_pickup' || delivery !== 'shipping')

/** Whether time allows the move yet; only two moves wait on a deadline. */
function timely(type: OrderMoveType, order: OrderFacts, deadlines: OrderDeadlines, now: Date) {
  if (type === 'auto_complete') return now >= dueAt(order.stateSince, deadlines.autoCompleteDays)
  if (type === 'open_problem' && order.state === 'awaiting_shipment') {
    return now >= dueAt(order.stateSince, deadlines.shipByDays)
  }
  return true
}

/** Why `role` may not make a move of this type now, or undefined when they may. */
function refusalOf(
  type: OrderMoveType,
  order: OrderFacts,
  role: OrderRole,
  deadlines: OrderDeadlines,
  now: Date,
): OrderRefusal | undefined {
  const rule = MOVES[type]
  if (rule.by !== role) return 'not_your_move'
  if (!rule.from.includes(order.state)) return 'wrong_state'
  if (!offered(type, order.delivery)) return 'delivery_not_offered'
  if (!timely(type, order, deadlines, now)) return 'too_early'
  return undefined
}

/** Where `move` by `role` takes `order` at `now`, or why it cannot. */
export function decideOrderMove(
  order: OrderFacts,
  move: OrderMove,
  role: OrderRole,
  deadlines: OrderDeadlines,
  now: Date,
): OrderDecision {
  const refusal = refusalOf(move.type, order, role, deadlines, now)
  return refusal ? { ok: false, refusal } : { ok: true, state: nextState(move) }
}

/** The order's first state: shipping waits for an address, pickup for the buyer, both for a choice. */
export const firstOrderState = (delivery: OrderDelivery): OrderState =>
  delivery === 'pickup' ? 'awaiting_pickup' : 'awaiting_address'

/** The moves `role` could make now: what the order screen offers as the next action. */
export function availableMoves(
  order: OrderFacts,
  role: OrderRole,
  deadlines: OrderDeadlines,
  now: Date,
): OrderMoveType[] {
  const types = Object.keys(MOVES) as OrderMoveType[]
  return types.filter((type) => refusalOf(type, order, role, deadlines, now) === undefined)
}
