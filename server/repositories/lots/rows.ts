/** A lot as the database holds it, and as the reads return it with its public aliases. */
import type { LotStatus } from '../../../common/auction.ts'

export interface LotRow {
  id: string
  seller_id: string
  title: string
  description: string
  /** The seller's pickup or shipping note for the buyer ('' when none). */
  next_steps: string
  starting_price: number
  reserve_price: number | null
  starts_at: Date
  ends_at: Date
  soft_close_seconds: number
  status: LotStatus
  current_price: number | null
  leader_id: string | null
  leader_max: number | null
  bid_count: number
  version: number
  image_path: string | null
  closed_at: Date | null
  settled_at: Date | null
}

/** A lot row with the public aliases of its seller and leader. */
export interface LotView extends LotRow {
  seller_alias: string
  leader_alias: string | null
}

/** The columns of a `LotView`, and the joins they need (the lot as `l`). */
export const VIEW_COLUMNS = 'l.*, su.alias as seller_alias, lu.alias as leader_alias'
export const VIEW_JOINS = `from lots l
  join users su on su.id = l.seller_id
  left join users lu on lu.id = l.leader_id`

export const VIEW = `select ${VIEW_COLUMNS}
  ${VIEW_JOINS}`
