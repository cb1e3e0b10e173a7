import type { MyBidsTab } from '../../../common/auction'
import { lotKeys, type LotItem } from '../../api/lot-keys'
import { useLotPages } from '../../api/lot-pages'

/** `GET /api/me/bids?tab=`: one tab of the lots I bid on, with my standing and my maximum. */
export function useMyBids(tab: MyBidsTab, enabled = true) {
  return useLotPages<LotItem>(lotKeys.mineTab(tab), 'me/bids', enabled, { tab })
}
