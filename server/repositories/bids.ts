import type { BidRecord, BidRow } from '../../common/auction.ts'
import type { Queryable } from '../db/types.ts'

interface BidViewRow {
  id: number
  lot_id: string
  alias: string
  amount: number
  auto: boolean
  created_at: Date
}

const toBidRow = (r: BidViewRow): BidRow => ({
  id: r.id,
  lotId: r.lot_id,
  bidder: r.alias,
  amount: r.amount,
  auto: r.auto,
  createdAt: r.created_at.toISOString(),
})

export const BID_PAGE = 100

/** History in ascending id order: after a bid id (gap filling), or the latest page. */
export async function listBids(
  db: Queryable,
  lotId: string,
  after: number | undefined,
  limit = BID_PAGE,
): Promise<{ items: BidRow[]; nextCursor: string | null }> {
  if (after !== undefined) {
    const { rows } = await db.query<BidViewRow>(
      `select b.id, b.lot_id, u.alias, b.amount, b.auto, b.created_at
         from bids b join users u on u.id = b.bidder_id
        where b.lot_id = $1 and b.id > $2 order by b.id limit $3`,
      [lotId, after, limit + 1],
    )
    const items = rows.slice(0, limit).map(toBidRow)
    const last = items[items.length - 1]
    return { items, nextCursor: rows.length > limit && last ? String(last.id) : null }
  }
  const { rows } = await db.query<BidViewRow>(
    `select * from (
       select b.id, b.lot_id, u.alias, b.amount, b.auto, b.created_at
         from bids b join users u on u.id = b.bidder_id
        where b.lot_id = $1 order by b.id desc limit $2
     ) latest order by id`,
    [lotId, limit],
  )
  return { items: rows.map(toBidRow), nextCursor: null }
}

export interface BidWrite {
  lotId: string
  records: BidRecord[]
  /** Stored on the bidder's own (non-auto) row. */
  idempotencyKey: string
  at: Date
  lot: {
    currentPrice: number | null
    leaderId: string | null
    leaderMax: number | null
    bidCount: number
    endsAt: Date
  }
  /** The previous leader whose hold on this lot is released. */
  releaseHoldOf: string | null
  /** The leader's hold after the bid (their maximum), or null when it did not change. */
  hold: { userId: string; amount: number } | null
  /** Users whose wallet changed (their version is bumped). */
  walletsChanged: string[]
  outbid: { userId: string; data: Record<string, unknown> } | null
  idempotency: { userId: string; key: string; requestHash: string; response: unknown }
}

export interface BidWriteResult {
  bidIds: number[]
  version: number
  walletVersions: Map<string, number>
  notification: { id: number; created_at: string } | null
  stored: boolean
}

/**
 * Everything an accepted bid writes, in one statement (one round trip while the lot is locked):
 * history rows, the lot, holds, wallet versions, the outbid notification and the idempotent
 * response. The response gets the new bid ids as `bidIds`. (Data-modifying CTEs always run, even
 * when the final select does not read them.)
 */
export async function recordBid(db: Queryable, w: BidWrite): Promise<BidWriteResult> {
  const { rows } = await db.query<{
    bid_ids: number[]
    version: number
    wallets: Array<{ user_id: string; version: number }> | null
    notification: { id: number; created_at: string } | null
    stored: number
  }>(
    `with b as (
       insert into bids (lot_id, bidder_id, amount, max_amount, auto, idempotency_key, created_at)
       select $1, r.bidder_id, r.amount, r.max_amount, r.auto, r.key, $7
         from unnest($2::uuid[], $3::bigint[], $4::bigint[], $5::boolean[], $6::text[])
              with ordinality as r(bidder_id, amount, max_amount, auto, key, ord)
        order by r.ord
       returning id
     ),
     l as (
       update lots set current_price = $8, leader_id = $9, leader_max = $10, bid_count = $11,
                       ends_at = $12, version = version + 1, updated_at = $7
        where id = $1 returning version
     ),
     released as (
       update holds set status = 'released', updated_at = $7
        where $13::uuid is not null and user_id = $13 and lot_id = $1 and status = 'active'
       returning 1
     ),
     held as (
       insert into holds (user_id, lot_id, amount)
       select $14, $1, $15 where $14::uuid is not null
       on conflict (user_id, lot_id) where status = 'active'
       do update set amount = excluded.amount, updated_at = $7
       returning 1
     ),
     w as (
       update wallets set version = version + 1 where user_id = any($16::uuid[])
       returning user_id, version
     ),
     n as (
       insert into notifications (user_id, kind, lot_id, data)
       select $17, 'outbid', $1, $18::jsonb where $17::uuid is not null
       returning id, created_at
     ),
     k as (
       insert into idempotency_keys (user_id, scope, key, request_hash, response, status_code)
       select $19, 'bid', $20, $21,
              $22::jsonb || jsonb_build_object('bidIds', (select jsonb_agg(id order by id) from b)), 201
       on conflict do nothing
       returning 1
     )
     select (select json_agg(id order by id) from b) as bid_ids,
            (select version from l) as version,
            (select json_agg(json_build_object('user_id', w.user_id, 'version', w.version)) from w) as wallets,
            (select json_build_object('id', n.id, 'created_at', n.created_at) from n) as notification,
            (select count(*) from k)::int as stored`,
    [
      w.lotId,
      w.records.map((r) => r.bidderId),
      w.records.map((r) => r.amount),
      w.records.map((r) => r.maxAmount),
      w.records.map((r) => r.auto),
      w.records.map((r) => (r.auto ? null : w.idempotencyKey)),
      w.at,
      w.lot.currentPrice,
      w.lot.leaderId,
      w.lot.leaderMax,
      w.lot.bidCount,
      w.lot.endsAt,
      w.releaseHoldOf,
      w.hold?.userId ?? null,
      w.hold?.amount ?? null,
      w.walletsChanged,
      w.outbid?.userId ?? null,
      w.outbid ? JSON.stringify(w.outbid.data) : null,
      w.idempotency.userId,
      w.idempotency.key,
      w.idempotency.requestHash,
      JSON.stringify(w.idempotency.response),
    ],
  )
  const row = rows[0]!
  return {
    bidIds: row.bid_ids,
    version: row.version,
    walletVersions: new Map((row.wallets ?? []).map((x) => [x.user_id, x.version])),
    notification: row.notification,
    stored: row.stored === 1,
  }
}

export interface BidContext {
  /** Clock read after the locks were taken. */
  now: Date
  sellerAlias: string
  watching: boolean
  replay: { requestHash: string; response: unknown; statusCode: number } | null
  funds: Map<string, { balance: number; held: number; lotHold: number }>
}

/**
 * What deciding a bid needs beyond the locked rows, in one statement taken after the lot and
 * wallet locks (so its snapshot includes every change committed by earlier holders of those
 * locks): the clock, a stored response for this idempotency key, the users' balances and holds.
 */
export async function bidContext(
  db: Queryable,
  q: { lotId: string; sellerId: string; bidderId: string; userIds: string[]; key: string },
): Promise<BidContext> {
  const { rows } = await db.query<{
    now: Date
    seller_alias: string
    watching: boolean
    replay: { request_hash: string; response: unknown; status_code: number } | null
    funds: Array<{ user_id: string; balance: number; held: number; lot_hold: number }>
  }>(
    `select clock_timestamp() as now,
            (select alias from users where id = $2) as seller_alias,
            exists (select 1 from watchlist where user_id = $3 and lot_id = $1) as watching,
            (select json_build_object('request_hash', k.request_hash, 'response', k.response,
                                      'status_code', k.status_code)
               from idempotency_keys k where k.user_id = $3 and k.scope = 'bid' and k.key = $5) as replay,
            (select json_agg(json_build_object(
                      'user_id', u.id,
                      'balance', (select coalesce(sum(e.amount), 0) from ledger_entries e where e.user_id = u.id),
                      'held', (select coalesce(sum(h.amount), 0) from holds h
                                where h.user_id = u.id and h.status = 'active'),
                      'lot_hold', (select coalesce(sum(h.amount), 0) from holds h
                                    where h.user_id = u.id and h.lot_id = $1 and h.status = 'active')))
               from unnest($4::uuid[]) as u(id)) as funds`,
    [q.lotId, q.sellerId, q.bidderId, q.userIds, q.key],
  )
  const row = rows[0]!
  return {
    now: new Date(row.now),
    sellerAlias: row.seller_alias,
    watching: row.watching,
    replay: row.replay
      ? {
          requestHash: row.replay.request_hash,
          response: row.replay.response,
          statusCode: row.replay.status_code,
        }
      : null,
    funds: new Map(
      row.funds.map((f) => [
        f.user_id,
        { balance: Number(f.balance), held: Number(f.held), lotHold: Number(f.lot_hold) },
      ]),
    ),
  }
}
