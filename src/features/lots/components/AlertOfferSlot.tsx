import type { ReactNode } from 'react'
import { alertOfferTimeAllows } from '../alert-offer'
import { useServerNow } from '../clock'

/**
 * Where the alert offer sits: in the room's body, never in the phone's fixed bid bar, and only
 * while more than five minutes are left (alert-offer.ts). Its own component, so only it re-renders
 * with the clock.
 */
export function AlertOfferSlot({ endsAt, children }: { endsAt: string; children: ReactNode }) {
  const now = useServerNow()
  if (!alertOfferTimeAllows(endsAt, now)) return null
  return (
    <div className="alert-offer-slot" data-testid="alert-offer-slot">
      {children}
    </div>
  )
}
