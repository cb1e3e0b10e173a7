import type { BidRow } from '../../common/auction.ts'
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
        where b.lot_id = $1 and b.id > $2 and b.visible order by b.id limit $3`,
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
        where b.lot_id = $1 and b.visible order by b.id desc limit $2
     ) latest order by id`,
    [lotId, limit],
  )
  return { items: rows.map(toBidRow), nextCursor: null }
}

export interface BidContext {
  /** Clock read after the locks were taken. */
  now: Date
  sellerAlias: string
  /** Which of the users watch this lot. */
  watching: Set<string>
  /** Stored responses, keyed `${userId} ${key}`. */
  replays: Map<string, { requestHash: string; response: unknown; statusCode: number }>
  funds: Map<string, { balance: number; held: number; lotHold: number }>
  /** Pre-allocated bid ids, ascending: bid-id order is the serial order of the bids. */
  bidIds: number[]
}

export interface LockedWallet {
  userId: string
  /** The locked row's version (always the latest). */
  version: number
  /** The version in the statement's snapshot. */
  snapshot: number | null
  alias: string
}

type ContextQuery = {
  lotId: string
  sellerId: string
  userIds: string[]
  keys: Array<{ userId: string; key: string }>
  ids: number
}

type ContextRow = {
  now: Date
  seller_alias: string
  watching: string[] | null
  replays: Array<{
    user_id: string
    key: string
    request_hash: string
    response: unknown
    status_code: number
  }> | null
  funds: Array<{ user_id: string; balance: number; held: number; lot_hold: number }>
  bid_ids: number[]
  locked?: Array<{
    user_id: string
    version: number
    snapshot: number | null
    alias: string
  }> | null
}

const CONTEXT_COLUMNS = `clock_timestamp() as now,
            (select alias from users where id = $2) as seller_alias,
            (select json_agg(w.user_id) from watchlist w
              where w.lot_id = $1 and w.user_id = any($3::uuid[])) as watching,
            (select json_agg(json_build_object('user_id', k.user_id, 'key', k.key,
                      'request_hash', k.request_hash, 'response', k.response, 'status_code', k.status_code))
               from unnest($4::uuid[], $5::text[]) as q(user_id, key)
               join idempotency_keys k on k.user_id = q.user_id and k.scope = 'bid' and k.key = q.key) as replays,
            (select json_agg(json_build_object(
                      'user_id', u.id,
                      'balance', (select coalesce(sum(e.amount), 0) from ledger_entries e where e.user_id = u.id),
                      'held', (select coalesce(sum(h.amount), 0) from holds h
                                where h.user_id = u.id and h.status = 'active'),
                      'lot_hold', (select coalesce(sum(h.amount), 0) from holds h
                                    where h.user_id = u.id and h.lot_id = $1 and h.status = 'active')))
               from unnest($3::uuid[]) as u(id)) as funds,
            (select json_agg(nextval(pg_get_serial_sequence('bids', 'id')))
               from generate_series(1, $6::int)) as bid_ids`

function contextParams(q: ContextQuery) {
  return [
    q.lotId,
    q.sellerId,
    q.userIds,
    q.keys.map((k) => k.userId),
    q.keys.map((k) => k.key),
    q.ids,
  ]
}

function toContext(row: ContextRow): BidContext {
  return {
    now: new Date(row.now),
    sellerAlias: row.seller_alias,
    watching: new Set(row.watching ?? []),
    replays: new Map(
      (row.replays ?? []).map((r) => [
        `${r.user_id} ${r.key}`,
        { requestHash: r.request_hash, response: r.response, statusCode: r.status_code },
      ]),
    ),
    funds: new Map(
      row.funds.map((f) => [
        f.user_id,
        { balance: Number(f.balance), held: Number(f.held), lotHold: Number(f.lot_hold) },
      ]),
    ),
    bidIds: row.bid_ids.map(Number).sort((a, b) => a - b),
  }
}

/**
 * What deciding a batch of bids needs beyond the locked rows, in one statement taken after the lot
 * and wallet locks (so its snapshot includes everything committed by earlier holders of those
 * locks): the clock, stored responses for the idempotency keys, balances and holds, watching, and
 * enough new bid ids (allocated in decision order: bid-id order is the serial order).
 */
export async function bidContext(db: Queryable, q: ContextQuery): Promise<BidContext> {
  const { rows } = await db.query<ContextRow>(`select ${CONTEXT_COLUMNS}`, contextParams(q))
  return toContext(rows[0]!)
}

/**
 * Locks the wallets of `userIds` (user-id order, `select … for update`) and reads the bid context
 * in the same statement — one round trip less while the lot is locked. The context's sums come
 * from the statement's snapshot, taken before any wait for the wallet locks, so they are current
 * only if nobody changed those wallets meanwhile. Every ledger entry and hold change bumps
 * `wallets.version` in its transaction, so the locked row's version (always the latest) equals
 * the snapshot's exactly when the sums are current; otherwise `ctx` is null and the caller reads
 * the context again with `bidContext` (a fresh snapshot, after the locks).
 */
export async function lockWalletsWithContext(
  db: Queryable,
  q: ContextQuery,
): Promise<{ wallets: LockedWallet[]; ctx: BidContext | null }> {
  const { rows } = await db.query<ContextRow>(
    `with locked as (
       select w.user_id, w.version from wallets w
        where w.user_id = any($3::uuid[])
        order by w.user_id
        for update
     )
     select ${CONTEXT_COLUMNS},
            (select json_agg(json_build_object(
                      'user_id', l.user_id, 'version', l.version,
                      'snapshot', (select x.version from wallets x where x.user_id = l.user_id),
                      'alias', (select u.alias from users u where u.id = l.user_id)))
               from locked l) as locked`,
    contextParams(q),
  )
  const row = rows[0]!
  const wallets = (row.locked ?? []).map((l) => ({
    userId: l.user_id,
    version: l.version,
    snapshot: l.snapshot,
    alias: l.alias,
  }))
  const current =
    wallets.length === q.userIds.length && wallets.every((w) => w.snapshot === w.version)
  return { wallets, ctx: current ? toContext(row) : null }
}

export interface BidsWrite {
  lotId: string
  at: Date
  rows: Array<{
    id: number
    bidderId: string
    amount: number
    maxAmount: number
    auto: boolean
    key: string | null
    /** False for a leader's private raise of their maximum. */
    visible: boolean
  }>
  lot: {
    currentPrice: number | null
    leaderId: string | null
    leaderMax: number | null
    bidCount: number
    endsAt: Date
    version: number
  }
  /** Wallet version increments per user (one per hold change). */
  walletBumps: Map<string, number>
  outbid: Array<{ userId: string; data: Record<string, unknown> }>
  responses: Array<{ userId: string; key: string; requestHash: string; response: unknown }>
}

/**
 * Everything a batch of accepted bids writes, in one statement (one round trip while the lot is
 * locked): history rows (with their pre-allocated ids), the lot, the holds (only the final leader
 * holds, their maximum), wallet versions, outbid notifications and the idempotent responses.
 * Returns the notifications (in order) and whether every response was stored.
 */
export async function recordBids(
  db: Queryable,
  w: BidsWrite,
): Promise<{ notifications: Array<{ id: number; created_at: string }>; stored: number }> {
  const { rows } = await db.query<{
    notifications: Array<{ id: number; created_at: string }> | null
    stored: number
  }>(
    `with b as (
       insert into bids (id, lot_id, bidder_id, amount, max_amount, auto, idempotency_key, created_at, visible)
       overriding system value
       select r.id, $1, r.bidder_id, r.amount, r.max_amount, r.auto, r.key, $2, r.visible
         from unnest($3::bigint[], $4::uuid[], $5::bigint[], $6::bigint[], $7::boolean[], $8::text[], $19::boolean[])
              as r(id, bidder_id, amount, max_amount, auto, key, visible)
       returning 1
     ),
     l as (
       update lots set current_price = $9, leader_id = $10, leader_max = $11, bid_count = $12,
                       ends_at = $13, version = $14, updated_at = $2
        where id = $1 returning 1
     ),
     released as (
       update holds set status = 'released', updated_at = $2
        where lot_id = $1 and status = 'active' and user_id is distinct from $10::uuid
       returning 1
     ),
     held as (
       insert into holds (user_id, lot_id, amount)
       select $10, $1, $11 where $10::uuid is not null
       on conflict (user_id, lot_id) where status = 'active'
       do update set amount = excluded.amount, updated_at = $2
       returning 1
     ),
     w as (
       update wallets set version = wallets.version + d.n
         from unnest($15::uuid[], $16::int[]) as d(user_id, n)
        where wallets.user_id = d.user_id
       returning 1
     ),
     n as (
       insert into notifications (user_id, kind, lot_id, data)
       select (e.value ->> 'userId')::uuid, 'outbid', $1, e.value -> 'data'
         from jsonb_array_elements($17::jsonb) with ordinality as e(value, ord)
        order by e.ord
       returning id, created_at
     ),
     k as (
       insert into idempotency_keys (user_id, scope, key, request_hash, response, status_code)
       select (e.value ->> 'userId')::uuid, 'bid', e.value ->> 'key', e.value ->> 'requestHash',
              e.value -> 'response', 201
         from jsonb_array_elements($18::jsonb) as e(value)
       on conflict do nothing
       returning 1
     )
     select (select json_agg(json_build_object('id', n.id, 'created_at', n.created_at) order by n.id)
               from n) as notifications,
            (select count(*) from k)::int as stored`,
    [
      w.lotId,
      w.at,
      w.rows.map((r) => r.id),
      w.rows.map((r) => r.bidderId),
      w.rows.map((r) => r.amount),
      w.rows.map((r) => r.maxAmount),
      w.rows.map((r) => r.auto),
      w.rows.map((r) => r.key),
      w.lot.currentPrice,
      w.lot.leaderId,
      w.lot.leaderMax,
      w.lot.bidCount,
      w.lot.endsAt,
      w.lot.version,
      [...w.walletBumps.keys()],
      [...w.walletBumps.values()],
      JSON.stringify(w.outbid),
      JSON.stringify(w.responses),
      w.rows.map((r) => r.visible),
    ],
  )
  const row = rows[0]!
  return { notifications: row.notifications ?? [], stored: row.stored }
}
