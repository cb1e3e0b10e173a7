import type { BidRow } from '../../../../common/auction'

export {
  lotKeys,
  type ListParams,
  type LotItem,
  type LotPages,
  type Page,
} from '../../../api/lot-keys'

/** Bid history as cached: newest first; `version` = the lot version it is known complete at. */
export interface BidHistory {
  items: BidRow[]
  version?: number
}
