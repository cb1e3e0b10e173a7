import type { ReactNode } from 'react'
import { alertOfferTimeAllows } from '../alert-offer'
import { useServerClock } from '../clock'

/**
 * Where the alert offer sits: in the room's body, never in the phone's fixed bid bar, and only
 * while more than five minutes are left (alert-offer.ts). Its own component, re-rendered only when
 * the clock crosses that line.
 */
export function AlertOfferSlot({ endsAt, children }: { endsAt: string; children: ReactNode }) {
  const allowed = useServerClock((now) => alertOfferTimeAllows(endsAt, now))
  if (!allowed) return null
  return (
    <div className="alert-offer-slot" data-testid="alert-offer-slot">
      {children}
    </div>
  )
}
