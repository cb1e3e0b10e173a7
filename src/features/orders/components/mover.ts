import type { OrderAction } from '../api/moves'

/** What an order's action forms need: make a move, whether one is under way, and the network. */
export interface Mover {
  move: (action: OrderAction) => void
  pending: boolean
  online: boolean
}
