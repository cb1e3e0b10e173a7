/** A lot as the database holds it, and as the reads return it with its public aliases. */
import type { LotCategory, LotStatus } from '../../../common/auction.ts'
import type { LotPicture } from '../../domain/lot.ts'

export interface LotRow {
  id: string
  seller_id: string
  title: string
  category: LotCategory
  description: string
  /** The seller's pickup or shipping note for the buyer ('' when none). */
  next_steps: string
  shipping_cost: number | null
  pickup_town: string | null
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
  /** The lot's pictures in order, the cover first (`PICTURES_COLUMN`, decision 0024). */
  pictures: LotPicture[]
  closed_at: Date | null
  settled_at: Date | null
  cancelled_at: Date | null
  cancel_reason: string | null
  /** The live show it runs in (migration 026), or null. */
  show_id: string | null
}

/**
 * The lot's pictures as one JSON column, in order: every read of a lot carries them — the views,
 * and the locked row the bids decide on — so no summary ever goes out without them.
 */
export const PICTURES_COLUMN = `coalesce((select json_agg(json_build_object('id', p.id, 'path', p.path,
    'width', p.width, 'height', p.height, 'widths', p.widths)
    order by p.position, p.created_at, p.id) from lot_pictures p where p.lot_id = l.id), '[]') as pictures`

/** A lot row with its seller's display name and its leader's public alias (decision 0025). */
export interface LotView extends LotRow {
  seller_name: string
  leader_alias: string | null
}

/** The columns of a `LotView`, and the joins they need (the lot as `l`). */
export const VIEW_COLUMNS = `l.*, su.name as seller_name, lu.alias as leader_alias, ${PICTURES_COLUMN}`
export const VIEW_JOINS = `from lots l
  join users su on su.id = l.seller_id
  left join users lu on lu.id = l.leader_id`

export const VIEW = `select ${VIEW_COLUMNS}
  ${VIEW_JOINS}`
