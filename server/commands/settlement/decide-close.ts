import type { NotificationKind } from '../../../common/auction.ts'
import type { LockedLot } from '../../domain/lot.ts'

export type CloseOutcome = 'settled' | 'unsold' | 'skipped'

export type CloseDecision =
  | { outcome: 'skipped' }
  | {
      outcome: 'settled' | 'unsold'
      /** The winner pays the final price, the seller receives it (sold lots only). */
      sale: { winner: string; seller: string; price: number } | null
      notify: Array<{ userId: string; kind: NotificationKind }>
    }

/** Everyone who bid and did not win hears that the lot ended (decision 0023). */
const lotEnded = (bidders: readonly string[], winner: string | null) =>
  bidders
    .filter((userId) => userId !== winner)
    .map((userId) => ({ userId, kind: 'lot_ended' as const }))

/**
 * How a lot closes, from its locked row and everyone who bid on it. Not open, or not yet ended at
 * `now` → skipped (a second run is a no-op). A leader and the reserve met (or none) → settled;
 * otherwise unsold.
 */
export function decideClose(
  lot: LockedLot | undefined,
  now: Date,
  bidders: readonly string[] = [],
): CloseDecision {
  if (!lot || lot.status !== 'open' || lot.endsAt.getTime() > now.getTime())
    return { outcome: 'skipped' }
  const { leaderId: winner, currentPrice: price, reservePrice: reserve } = lot
  if (winner === null || price === null || (reserve !== null && price < reserve)) {
    return {
      outcome: 'unsold',
      sale: null,
      notify: [{ userId: lot.sellerId, kind: 'lot_unsold' }, ...lotEnded(bidders, null)],
    }
  }
  return {
    outcome: 'settled',
    sale: { winner, seller: lot.sellerId, price },
    notify: [
      { userId: winner, kind: 'won' },
      { userId: lot.sellerId, kind: 'lot_sold' },
      ...lotEnded(bidders, winner),
    ],
  }
}
