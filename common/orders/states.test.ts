import { describe, expect, it } from 'vitest'
import {
  availableMoves,
  decideOrderMove,
  DEFAULT_ORDER_DEADLINES,
  dueAt,
  FINAL_ORDER_STATES,
  firstOrderState,
  ORDER_STATES,
  type OrderDelivery,
  type OrderMove,
  type OrderRole,
  type OrderState,
} from './states.ts'

const SINCE = new Date('2026-11-01T12:00:00Z')
const DAY = 86_400_000
const at = (days: number) => new Date(SINCE.getTime() + days * DAY)
const LATER = at(30)

const decide = (
  state: OrderState,
  move: OrderMove,
  role: OrderRole,
  { delivery = 'either', now = LATER }: { delivery?: OrderDelivery; now?: Date } = {},
) =>
  decideOrderMove({ state, delivery, stateSince: SINCE }, move, role, DEFAULT_ORDER_DEADLINES, now)

/** Every allowed move: state, move, role → next state. Everything else must be refused. */
const ALLOWED: Array<[OrderState, OrderMove, OrderRole, OrderState]> = [
  ['awaiting_address', { type: 'choose_address' }, 'buyer', 'awaiting_shipment'],
  ['awaiting_shipment', { type: 'choose_address' }, 'buyer', 'awaiting_shipment'],
  ['awaiting_address', { type: 'choose_pickup' }, 'buyer', 'awaiting_pickup'],
  ['awaiting_shipment', { type: 'ship' }, 'seller', 'shipped'],
  ['shipped', { type: 'confirm_receipt' }, 'buyer', 'completed'],
  ['awaiting_pickup', { type: 'confirm_receipt' }, 'buyer', 'completed'],
  ['shipped', { type: 'auto_complete' }, 'system', 'completed'],
  ['awaiting_shipment', { type: 'open_problem' }, 'buyer', 'problem'],
  ['shipped', { type: 'open_problem' }, 'buyer', 'problem'],
  ['awaiting_pickup', { type: 'open_problem' }, 'buyer', 'problem'],
  ['problem', { type: 'resolve', outcome: 'refund' }, 'admin', 'refunded'],
  ['problem', { type: 'resolve', outcome: 'complete' }, 'admin', 'completed'],
]
const MOVES: OrderMove[] = [
  { type: 'choose_address' },
  { type: 'choose_pickup' },
  { type: 'ship' },
  { type: 'confirm_receipt' },
  { type: 'auto_complete' },
  { type: 'open_problem' },
  { type: 'resolve', outcome: 'refund' },
  { type: 'resolve', outcome: 'complete' },
]
const ROLES: OrderRole[] = ['buyer', 'seller', 'admin', 'system']
const key = (state: OrderState, move: OrderMove, role: OrderRole) =>
  `${state} ${JSON.stringify(move)} ${role}`

describe('decideOrderMove: the transition table', () => {
  it.each(ALLOWED)('from %s, %j by the %s leads to %s', (state, move, role, next) => {
    expect(decide(state, move, role)).toEqual({ ok: true, state: next })
  })

  it('refuses every other move, by every role, from every state', () => {
    const allowed = new Set(ALLOWED.map(([state, move, role]) => key(state, move, role)))
    let refused = 0
    for (const state of ORDER_STATES) {
      for (const move of MOVES) {
        for (const role of ROLES) {
          if (allowed.has(key(state, move, role))) continue
          const decision = decide(state, move, role)
          expect(decision.ok, key(state, move, role)).toBe(false)
          refused++
        }
      }
    }
    expect(refused).toBe(ORDER_STATES.length * MOVES.length * ROLES.length - ALLOWED.length)
  })

  it('says the move is not theirs before looking at the state', () => {
    expect(decide('awaiting_shipment', { type: 'ship' }, 'buyer')).toEqual({
      ok: false,
      refusal: 'not_your_move',
    })
    expect(decide('completed', { type: 'ship' }, 'buyer')).toEqual({
      ok: false,
      refusal: 'not_your_move',
    })
    expect(decide('shipped', { type: 'auto_complete' }, 'admin')).toEqual({
      ok: false,
      refusal: 'not_your_move',
    })
  })

  it('refuses a move from the wrong state with wrong_state', () => {
    expect(decide('shipped', { type: 'ship' }, 'seller')).toEqual({
      ok: false,
      refusal: 'wrong_state',
    })
    expect(decide('awaiting_address', { type: 'ship' }, 'seller')).toEqual({
      ok: false,
      refusal: 'wrong_state',
    })
    expect(decide('shipped', { type: 'choose_address' }, 'buyer')).toEqual({
      ok: false,
      refusal: 'wrong_state',
    })
    expect(decide('awaiting_address', { type: 'open_problem' }, 'buyer')).toEqual({
      ok: false,
      refusal: 'wrong_state',
    })
    for (const state of FINAL_ORDER_STATES) {
      expect(decide(state, { type: 'resolve', outcome: 'refund' }, 'admin')).toEqual({
        ok: false,
        refusal: 'wrong_state',
      })
      expect(decide(state, { type: 'confirm_receipt' }, 'buyer')).toEqual({
        ok: false,
        refusal: 'wrong_state',
      })
    }
  })

  it('offers only the delivery the lot named', () => {
    const pickupOnly = { delivery: 'pickup' as const }
    const shippingOnly = { delivery: 'shipping' as const }
    expect(decide('awaiting_address', { type: 'choose_address' }, 'buyer', pickupOnly)).toEqual({
      ok: false,
      refusal: 'delivery_not_offered',
    })
    expect(decide('awaiting_address', { type: 'choose_pickup' }, 'buyer', shippingOnly)).toEqual({
      ok: false,
      refusal: 'delivery_not_offered',
    })
    expect(decide('awaiting_address', { type: 'choose_address' }, 'buyer', shippingOnly)).toEqual({
      ok: true,
      state: 'awaiting_shipment',
    })
    // The rest of a pickup order's life does not ask about delivery again.
    for (const move of [{ type: 'confirm_receipt' }, { type: 'open_problem' }] as const) {
      expect(decide('awaiting_pickup', move, 'buyer', pickupOnly).ok).toBe(true)
    }
    expect(decide('shipped', { type: 'confirm_receipt' }, 'buyer', shippingOnly).ok).toBe(true)
  })
})

describe('decideOrderMove: time', () => {
  const { shipByDays, autoCompleteDays } = DEFAULT_ORDER_DEADLINES

  it('completes a shipped order by itself exactly when the auto-complete time comes', () => {
    const autoComplete = (now: Date) =>
      decide('shipped', { type: 'auto_complete' }, 'system', { now })
    expect(autoComplete(new Date(at(autoCompleteDays).getTime() - 1))).toEqual({
      ok: false,
      refusal: 'too_early',
    })
    expect(autoComplete(at(autoCompleteDays))).toEqual({ ok: true, state: 'completed' })
  })

  it('lets the buyer open a problem on an unsent order only after the ship-by time', () => {
    const open = (now: Date) =>
      decide('awaiting_shipment', { type: 'open_problem' }, 'buyer', { now })
    expect(open(new Date(at(shipByDays).getTime() - 1))).toEqual({
      ok: false,
      refusal: 'too_early',
    })
    expect(open(at(shipByDays))).toEqual({ ok: true, state: 'problem' })
  })

  it('lets the buyer open a problem on a shipped or pickup order at once', () => {
    for (const state of ['shipped', 'awaiting_pickup'] as const) {
      expect(decide(state, { type: 'open_problem' }, 'buyer', { now: SINCE })).toEqual({
        ok: true,
        state: 'problem',
      })
    }
  })

  it('counts days from when the order entered its state', () => {
    expect(dueAt(SINCE, 14).toISOString()).toBe('2026-11-15T12:00:00.000Z')
  })
})

describe('firstOrderState', () => {
  it('waits for an address when shipping is possible, for the buyer when only pickup is', () => {
    expect(firstOrderState('shipping')).toBe('awaiting_address')
    expect(firstOrderState('either')).toBe('awaiting_address')
    expect(firstOrderState('pickup')).toBe('awaiting_pickup')
  })
})

describe('availableMoves: the one next action', () => {
  const facts = (state: OrderState, delivery: OrderDelivery = 'either') => ({
    state,
    delivery,
    stateSince: SINCE,
  })
  const moves = (state: OrderState, role: OrderRole, now = LATER, delivery?: OrderDelivery) =>
    availableMoves(facts(state, delivery), role, DEFAULT_ORDER_DEADLINES, now)

  it('names what each side can do', () => {
    expect(moves('awaiting_address', 'buyer')).toEqual(['choose_address', 'choose_pickup'])
    expect(moves('awaiting_address', 'buyer', LATER, 'shipping')).toEqual(['choose_address'])
    expect(moves('awaiting_address', 'seller')).toEqual([])
    expect(moves('awaiting_shipment', 'seller')).toEqual(['ship'])
    expect(moves('awaiting_shipment', 'buyer', SINCE)).toEqual(['choose_address'])
    expect(moves('awaiting_shipment', 'buyer')).toEqual(['choose_address', 'open_problem'])
    expect(moves('shipped', 'buyer')).toEqual(['confirm_receipt', 'open_problem'])
    expect(moves('problem', 'admin')).toEqual(['resolve'])
    expect(moves('completed', 'buyer')).toEqual([])
  })
})
