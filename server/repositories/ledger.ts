import type { LedgerEntry, WalletHold } from '../../common/wallet.ts'
import type { Queryable } from '../db/types.ts'
import { pageOf, type Page } from './page.ts'

export type { LedgerKind } from '../../common/wallet.ts'
import type { LedgerKind } from '../../common/wallet.ts'

/**
 * Money crossing Lotline's boundary (an admin credit or debit, demo credit): the member's entry
 * and its `outside` counterpart, so the ledger keeps summing to zero (decision 0053).
 */
export async function appendLedgerEntry(
  db: Queryable,
  entry: {
    userId: string
    kind: LedgerKind
    amount: number
    reason?: string
    lotId?: string
    paymentIntentId?: string
    createdBy?: string
  },
) {
  await db.query(
    `insert into ledger_entries
       (user_id, account, kind, amount, reason, lot_id, payment_intent_id, created_by)
     values ($1, 'available', $2, $3, $4, $5, $6, $7),
            (null, 'outside', $2, -$3::bigint, $4, $5, null, $7)`,
    [
      entry.userId,
      entry.kind,
      entry.amount,
      entry.reason ?? null,
      entry.lotId ?? null,
      entry.paymentIntentId ?? null,
      entry.createdBy ?? null,
    ],
  )
}

/**
 * Credits a card top-up once: the unique payment_intent_id index makes a second insert a no-op.
 * False when this PaymentIntent was already credited.
 */
export async function creditTopUp(
  db: Queryable,
  entry: { userId: string; amount: number; paymentIntentId: string; topUpId: string },
): Promise<boolean> {
  const reason = `Card top-up ${entry.topUpId}`
  const { rowCount } = await db.query(
    `insert into ledger_entries (user_id, kind, amount, payment_intent_id, reason)
     values ($1, 'top_up', $2, $3, $4)
     on conflict (payment_intent_id) where payment_intent_id is not null do nothing`,
    [entry.userId, entry.amount, entry.paymentIntentId, reason],
  )
  if (rowCount === 0) return false
  // The counterpart: the money came from outside Lotline (decision 0053).
  await db.query(
    `insert into ledger_entries (user_id, account, kind, amount, reason)
     values (null, 'outside', 'top_up', $1, $2)`,
    [-entry.amount, reason],
  )
  return true
}

/**
 * Money crossing the boundary exactly once: the member's entry and its `outside` counterpart,
 * keyed by `onceKey` — a second write of the same movement adds nothing. True when written.
 */
export async function moveMoneyOnce(
  db: Queryable,
  entry: { userId: string; kind: LedgerKind; amount: number; onceKey: string; reason: string },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `insert into ledger_entries (user_id, account, kind, amount, reason, once_key)
     values ($1, 'available', $2, $3, $4, $5)
     on conflict (once_key, account) where once_key is not null do nothing`,
    [entry.userId, entry.kind, entry.amount, entry.reason, entry.onceKey],
  )
  if (rowCount === 0) return false
  await db.query(
    `insert into ledger_entries (user_id, account, kind, amount, reason, once_key)
     values (null, 'outside', $1, $2, $3, $4)`,
    [entry.kind, -entry.amount, entry.reason, entry.onceKey],
  )
  return true
}

export const LEDGER_PAGE = 30

/** Entries newest first; `before` is the last id of the previous page. */
export async function ledgerPage(
  db: Queryable,
  userId: string,
  before: number | undefined,
  limit = LEDGER_PAGE,
): Promise<Page<LedgerEntry>> {
  const { rows } = await db.query<{
    id: number
    kind: LedgerEntry['kind']
    amount: number
    lot_id: string | null
    lot_title: string | null
    reason: string | null
    created_at: Date
  }>(
    `select e.id, e.kind, e.amount, e.lot_id, l.title as lot_title, e.reason, e.created_at
       from ledger_entries e left join lots l on l.id = e.lot_id
      where e.user_id = $1 and ($2::bigint is null or e.id < $2)
      order by e.id desc limit $3`,
    [userId, before ?? null, limit + 1],
  )
  return pageOf(rows, limit, (r) => ({
    id: r.id,
    kind: r.kind,
    amount: r.amount,
    lotId: r.lot_id,
    lotTitle: r.lot_title,
    reason: r.reason,
    createdAt: r.created_at.toISOString(),
  }))
}

export async function activeHoldsOf(db: Queryable, userId: string): Promise<WalletHold[]> {
  const { rows } = await db.query<{ lot_id: string; title: string; amount: number; ends_at: Date }>(
    `select h.lot_id, l.title, h.amount, l.ends_at
       from holds h join lots l on l.id = h.lot_id
      where h.user_id = $1 and h.status = 'active'
      order by l.ends_at`,
    [userId],
  )
  return rows.map((r) => ({
    lotId: r.lot_id,
    lotTitle: r.title,
    amount: r.amount,
    lotEndsAt: r.ends_at.toISOString(),
  }))
}
