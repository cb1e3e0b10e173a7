import type { Queryable } from '../../../server/db/types.ts'
import { walletsOf } from '../../../server/repositories/wallets.ts'

/**
 * What must hold in the database after anything — a crash mid-burst, a database restart, a retry
 * storm — read straight from the tables, never through the code under test. Each check returns
 * the violations it found (empty = fine), so a failure names every broken row at once.
 */

function groupBy<T>(items: T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>()
  for (const item of items) {
    const key = keyOf(item)
    groups.set(key, [...(groups.get(key) ?? []), item])
  }
  return groups
}

interface LotRow {
  id: string
  status: string
  current_price: number | null
  leader_id: string | null
  leader_max: number | null
  bid_count: number
}

interface BidHistoryRow {
  id: number
  lot_id: string
  bidder_id: string
  amount: number
  max_amount: number
  visible: boolean
}

interface HoldRow {
  lot_id: string
  user_id: string
  amount: number
  status: string
}

/** available = balance − active holds is never negative; the API's balance is the ledger's sum. */
export async function walletViolations(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ user_id: string; balance: number; held: number }>(
    `select u.id as user_id,
            (select coalesce(sum(amount), 0) from ledger_entries e
              where e.user_id = u.id and e.account = 'available')::bigint as balance,
            (select coalesce(sum(amount), 0) from holds h
              where h.user_id = u.id and h.status = 'active')::bigint as held
       from users u`,
  )
  const served = await walletsOf(
    db,
    rows.map((r) => r.user_id),
    'EUR',
  )
  const problems: string[] = []
  for (const r of rows) {
    const balance = Number(r.balance)
    const held = Number(r.held)
    if (balance - held < 0) problems.push(`user ${r.user_id}: available ${balance - held} < 0`)
    const wallet = served.get(r.user_id)
    if (wallet?.balance !== balance)
      problems.push(`user ${r.user_id}: wallet says ${wallet?.balance}, ledger sums to ${balance}`)
  }
  return problems
}

/**
 * Each lot agrees with its own history: the bid count is the number of visible bids, and the last
 * bid row (hidden maximum raises included) names the leader, the price and the leader's maximum.
 */
export async function lotHistoryViolations(db: Queryable): Promise<string[]> {
  const { rows: lots } = await db.query<LotRow>(
    'select id, status, current_price, leader_id, leader_max, bid_count from lots',
  )
  const { rows: bids } = await db.query<BidHistoryRow>(
    'select id, lot_id, bidder_id, amount, max_amount, visible from bids order by id',
  )
  const byLot = groupBy(bids, (b) => b.lot_id)
  const problems: string[] = []
  for (const lot of lots) {
    const history = byLot.get(lot.id) ?? []
    const visible = history.filter((b) => b.visible).length
    if (lot.bid_count !== visible)
      problems.push(`lot ${lot.id}: bid_count ${lot.bid_count}, history has ${visible}`)
    const last = history[history.length - 1]
    const expected = last
      ? { price: last.amount, leader: last.bidder_id, max: last.max_amount }
      : { price: null, leader: null, max: null }
    const actual = { price: lot.current_price, leader: lot.leader_id, max: lot.leader_max }
    if (JSON.stringify(actual) !== JSON.stringify(expected))
      problems.push(
        `lot ${lot.id}: ${JSON.stringify(actual)}, history says ${JSON.stringify(expected)}`,
      )
  }
  return problems
}

/**
 * Holds follow the leaders: on an open lot the leader alone holds exactly their maximum; a lot
 * that is no longer open holds nothing; a settled lot captured the final price from its winner,
 * who paid it (one `purchase` entry).
 */
export async function holdViolations(db: Queryable): Promise<string[]> {
  const { rows: lots } = await db.query<LotRow>(
    'select id, status, current_price, leader_id, leader_max, bid_count from lots',
  )
  const { rows: holds } = await db.query<HoldRow>(
    'select lot_id, user_id, amount, status from holds',
  )
  const { rows: purchases } = await db.query<{ lot_id: string; user_id: string; amount: number }>(
    `select lot_id, user_id, amount from ledger_entries where kind = 'purchase'`,
  )
  const byLot = groupBy(holds, (h) => h.lot_id)
  const problems: string[] = []
  for (const lot of lots) {
    const onLot = byLot.get(lot.id) ?? []
    const active = onLot.filter((h) => h.status === 'active')
    const holds = JSON.stringify(active.map((h) => [h.user_id, h.amount]))
    if (lot.status === 'open') {
      const expected = lot.leader_id ? [[lot.leader_id, lot.leader_max]] : []
      if (holds !== JSON.stringify(expected))
        problems.push(
          `open lot ${lot.id}: active holds ${holds}, expected ${JSON.stringify(expected)}`,
        )
    } else if (active.length > 0) {
      problems.push(`${lot.status} lot ${lot.id} still holds ${holds}`)
    }
    if (lot.status === 'settled') {
      const captured = onLot.filter((h) => h.status === 'captured')
      const paid = purchases.filter((p) => p.lot_id === lot.id)
      const want = JSON.stringify([[lot.leader_id, lot.current_price]])
      if (JSON.stringify(captured.map((h) => [h.user_id, h.amount])) !== want)
        problems.push(`settled lot ${lot.id}: captured ${JSON.stringify(captured)}, want ${want}`)
      if (JSON.stringify(paid.map((p) => [p.user_id, -p.amount])) !== want)
        problems.push(`settled lot ${lot.id}: purchases ${JSON.stringify(paid)}, want ${want}`)
    }
  }
  return problems
}

/** A stored bid answer, and the bid it placed as far as the history shows. */
export interface BidAnswer {
  slot: string
  userId: string
  key: string
  statusCode: number
  /** The answer's lot, and the bid ids it lists. */
  lotId: string | undefined
  listed: number[]
  /** How many of the listed bids are not a proxy's (the request's own is the one). */
  ownListed: number
  /** The request's own bid in the history, or undefined when the history has none. */
  placed: { id: number; lotId: string; bidderId: string } | undefined
}

/**
 * Every stored bid answer with the bid its request placed, read from idempotency_keys and bids
 * alone. Each accepted bid adds exactly one row of its own (not a proxy's): the answer lists it,
 * unless it was a leader's hidden raise of their maximum, which lists no bids and is the hidden
 * row at the maximum the answer reports.
 */
export async function bidAnswers(db: Queryable): Promise<BidAnswer[]> {
  const { rows: stored } = await db.query<{
    user_id: string
    key: string
    status_code: number
    response: {
      bids?: Array<{ id: number; auto: boolean }>
      lot?: { id: string; my?: { maxBid: number | null } | null }
    } | null
  }>(
    `select user_id, key, status_code, response from idempotency_keys where scope = 'bid'
      order by user_id, key`,
  )
  const { rows: bids } = await db.query<{
    id: number
    lot_id: string
    bidder_id: string
    max_amount: number
    auto: boolean
    visible: boolean
  }>('select id, lot_id, bidder_id, max_amount, auto, visible from bids')
  const byId = new Map(bids.map((b) => [Number(b.id), b]))
  const hiddenRaise = new Map(
    bids
      .filter((b) => !b.auto && !b.visible)
      .map((b) => [`${b.lot_id} ${b.bidder_id} ${Number(b.max_amount)}`, b]),
  )
  return stored.map((s) => {
    const listed = s.response?.bids ?? []
    const own = listed.filter((b) => !b.auto)
    const lotId = s.response?.lot?.id
    const row =
      listed.length > 0
        ? own.length === 1
          ? byId.get(Number(own[0]!.id))
          : undefined
        : hiddenRaise.get(`${lotId} ${s.user_id} ${s.response?.lot?.my?.maxBid}`)
    return {
      slot: `${s.user_id} ${s.key}`,
      userId: s.user_id,
      key: s.key,
      statusCode: s.status_code,
      lotId,
      listed: listed.map((b) => Number(b.id)),
      ownListed: own.length,
      placed: row && { id: Number(row.id), lotId: row.lot_id, bidderId: row.bidder_id },
    }
  })
}

/**
 * Every stored bid answer has its effect and every bid of a request (not a proxy's) has its stored
 * answer, one to one (they commit together); the bids an answer lists are in its lot; and no claim
 * was left half-done (a placeholder with status 0).
 */
export async function idempotencyViolations(db: Queryable): Promise<string[]> {
  const answers = await bidAnswers(db)
  const { rows: all } = await db.query<{ id: number; lot_id: string; auto: boolean }>(
    'select id, lot_id, auto from bids',
  )
  const lotOfBid = new Map(all.map((b) => [Number(b.id), b.lot_id]))
  const answerOf = new Map<number, string>()
  const problems: string[] = []
  for (const a of answers) {
    if (a.statusCode !== 201) {
      problems.push(`answer ${a.slot}: status ${a.statusCode}`)
      continue
    }
    for (const id of a.listed)
      if (lotOfBid.get(id) !== a.lotId)
        problems.push(`answer ${a.slot}: bid ${id} not in lot ${a.lotId}`)
    if (a.ownListed > 1) problems.push(`answer ${a.slot}: lists ${a.ownListed} bids of its own`)
    if (!a.placed) {
      problems.push(`answer ${a.slot}: its bid is not in the history`)
      continue
    }
    if (a.placed.bidderId !== a.userId || a.placed.lotId !== a.lotId)
      problems.push(
        `answer ${a.slot}: bid ${a.placed.id} is ${a.placed.bidderId}'s in lot ${a.placed.lotId}`,
      )
    const other = answerOf.get(a.placed.id)
    if (other) problems.push(`bid ${a.placed.id} is the effect of both ${other} and ${a.slot}`)
    answerOf.set(a.placed.id, a.slot)
  }
  for (const b of all)
    if (!b.auto && !answerOf.has(Number(b.id))) problems.push(`bid ${b.id} has no stored answer`)
  return problems
}

export async function auctionViolations(db: Queryable): Promise<string[]> {
  return [
    ...(await walletViolations(db)),
    ...(await lotHistoryViolations(db)),
    ...(await holdViolations(db)),
    ...(await idempotencyViolations(db)),
  ]
}

/** Throws naming every violation; use after a fault, once the system is quiet. */
export async function assertAuctionInvariants(db: Queryable): Promise<void> {
  const problems = await auctionViolations(db)
  if (problems.length > 0)
    throw new Error(`auction invariants broken:\n  ${problems.slice(0, 50).join('\n  ')}`)
}
