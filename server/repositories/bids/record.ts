/** Writing a batch of accepted bids: history, lot, holds, wallets, notices and answers at once. */
import { withPieces, type SqlPiece } from '../../db/named-sql.ts'
import type { Queryable } from '../../db/types.ts'
import type { BidsWrite, NewBidRow } from '../../domain/bids.ts'
import { leaderOnlyHoldPieces } from '../holds.ts'
import { releaseClaimsPiece, storeAnswersPiece } from '../idempotency.ts'
import { updateLotAfterBidsPiece } from '../lots/writes.ts'
import { insertOutbidPiece } from '../notifications.ts'
import { pushOutboxPiece } from '../push-outbox.ts'
import { bumpWalletVersionsPiece } from '../wallets.ts'

export type { BidsWrite, NewBidRow }

/** History rows with their pre-allocated ids (bid-id order is the serial order). */
function insertBidsPiece(name: string, lotId: string, at: Date, rows: NewBidRow[]): SqlPiece {
  return {
    name,
    sql: `insert into bids (id, lot_id, bidder_id, amount, max_amount, auto, created_at, visible)
          overriding system value
          select r.id, :lotId, r.bidder_id, r.amount, r.max_amount, r.auto, :at, r.visible
            from unnest(:ids::bigint[], :bidders::uuid[], :amounts::bigint[], :maxima::bigint[],
                        :autos::boolean[], :visibles::boolean[])
                 as r(id, bidder_id, amount, max_amount, auto, visible)
          returning 1`,
    params: {
      lotId,
      at,
      ids: rows.map((r) => r.id),
      bidders: rows.map((r) => r.bidderId),
      amounts: rows.map((r) => r.amount),
      maxima: rows.map((r) => r.maxAmount),
      autos: rows.map((r) => r.auto),
      visibles: rows.map((r) => r.visible),
    },
  }
}

/**
 * Everything a batch of accepted bids writes, in one statement (one round trip while the lot is
 * locked), assembled from the pieces each table's repository owns: history rows, the lot, the
 * holds (only the final leader holds, their maximum), wallet versions, outbid notifications and
 * their push deliveries (decision 0032), the
 * answers of the claimed idempotency keys and the release of the claims of refused bids. Returns
 * the notifications (in order) and how many answers were stored and claims freed.
 */
export async function recordBids(
  db: Queryable,
  w: BidsWrite,
): Promise<{
  notifications: Array<{ id: number; created_at: string }>
  stored: number
  freed: number
}> {
  const { text, values } = withPieces(
    [
      insertBidsPiece('b', w.lotId, w.at, w.rows),
      updateLotAfterBidsPiece('l', w.lotId, w.at, w.lot),
      ...leaderOnlyHoldPieces(
        { released: 'released', held: 'held' },
        {
          lotId: w.lotId,
          at: w.at,
          leaderId: w.lot.leaderId,
          amount: w.leaderHold,
        },
      ),
      bumpWalletVersionsPiece('w', w.walletBumps),
      insertOutbidPiece('n', w.lotId, w.outbid),
      // Only rows: the pushes go out from the worker after the commit, never slowing the bid.
      pushOutboxPiece('np', 'n'),
      storeAnswersPiece('k', 'bid', 201, w.responses),
      releaseClaimsPiece('freed', 'bid', w.released),
    ],
    `select (select json_agg(json_build_object('id', n.id, 'created_at', n.created_at) order by n.id)
               from n) as notifications,
            (select count(*) from k)::int as stored,
            (select count(*) from freed)::int as freed`,
  )
  const { rows } = await db.query<{
    notifications: Array<{ id: number; created_at: string }> | null
    stored: number
    freed: number
  }>(text, values)
  const row = rows[0]!
  return { notifications: row.notifications ?? [], stored: row.stored, freed: row.freed }
}
