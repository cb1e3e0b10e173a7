import { useEffect, useRef } from 'react'
import { minNextBid, type LotDetail } from '../../../common/auction'
import { useT } from '../../i18n'
import { provideToastAction } from '../notifications'
import type { Bidding } from './useBidding'

/**
 * While this room is open and bidding is possible, the outbid toast for this lot carries
 * "Bid €{minimum}": one tap bids the new minimum, as the bar's main button would (decision 0022).
 * The notification may arrive before the lot's own event: the larger minimum of the two is used.
 */
export function useOutbidToastAction(
  lot: LotDetail,
  bidding: Bidding,
  format: (minor: number) => string,
  enabled: boolean,
): void {
  const { t } = useT()
  const latest = useRef({ lot, bidding, format, enabled, t })
  useEffect(() => {
    latest.current = { lot, bidding, format, enabled, t }
  })
  const id = lot.id
  useEffect(
    () =>
      provideToastAction((n) => {
        const now = latest.current
        if (n.kind !== 'outbid' || n.lotId !== id || !now.enabled) return null
        const told = typeof n.data.minNextBid === 'number' ? n.data.minNextBid : 0
        const amount = Math.max(told, minNextBid(now.lot))
        return {
          label: now.t('bid.submit', { amount: now.format(amount) }),
          onSelect: () => now.bidding.request(now.bidding.varsFor(amount)),
        }
      }),
    [id],
  )
}
