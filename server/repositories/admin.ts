import type {
  AdminAction,
  AdminMember,
  AdminTopUp,
  AuditEntry,
  AuditTargetType,
  TopUpAttention,
} from '../../common/admin.ts'
import type { Role } from '../../common/accounts.ts'
import type { TopUpStatus } from '../../common/wallet.ts'
import type { Queryable } from '../db/types.ts'
import type { LotView } from './lots/rows.ts'
import { VIEW } from './lots/rows.ts'
import { pageOf, type Page } from './page.ts'
import { fundsSql } from './wallets.ts'

/** The admin area's reads and writes (decision 0027): members, suspension, lots, top-ups, audit. */

/** A search text as a LIKE pattern that matches it literally anywhere. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

interface MemberRow {
  id: string
  name: string
  email: string
  alias: string
  role: Role
  created_at: Date
  suspended_at: Date | null
  balance: number
  held: number
}

/**
 * Members whose name, e-mail or alias contains `query` (any case), ordered by e-mail; the cursor
 * is the last e-mail of the page (e-mails are unique and stored in lower case).
 */
export async function searchMembers(
  db: Queryable,
  input: { query: string; cursor: string | undefined; limit: number; currency: string },
): Promise<{ items: AdminMember[]; nextCursor: string | null }> {
  const { rows } = await db.query<MemberRow>(
    `with found as (
       select id, name, email, alias, role, created_at, suspended_at from users
        where ($1 = '' or name ilike $2 or email ilike $2 or alias ilike $2)
          and ($3::text is null or lower(email) > $3)
        order by lower(email) limit $4)
     select found.*, f.balance, f.held
       from found join (${fundsSql('(select array_agg(id) from found)')}) f on f.user_id = found.id
      order by lower(found.email)`,
    [input.query, containing(input.query), input.cursor ?? null, input.limit + 1],
  )
  const items = rows.slice(0, input.limit).map((r) => toMember(r, input.currency))
  const last = items[items.length - 1]
  return { items, nextCursor: rows.length > input.limit && last ? last.email : null }
}

function toMember(r: MemberRow, currency: string): AdminMember {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    alias: r.alias,
    role: r.role,
    createdAt: r.created_at.toISOString(),
    suspendedAt: r.suspended_at?.toISOString() ?? null,
    balance: Number(r.balance),
    available: Number(r.balance) - Number(r.held),
    currency,
  }
}

/** One member as the admin area shows them (after a change). */
export async function adminMember(db: Queryable, userId: string, currency: string) {
  const { rows } = await db.query<MemberRow>(
    `select u.id, u.name, u.email, u.alias, u.role, u.created_at, u.suspended_at, f.balance, f.held
       from users u join (${fundsSql('array[$1]::uuid[]')}) f on f.user_id = u.id
      where u.id = $1`,
    [userId],
  )
  return rows[0] ? toMember(rows[0], currency) : undefined
}

/** Locks a member's row for a role or suspension change. */
export async function lockMember(db: Queryable, userId: string) {
  const { rows } = await db.query<{ id: string; role: Role; suspended_at: Date | null }>(
    'select id, role, suspended_at from users where id = $1 for update',
    [userId],
  )
  return rows[0]
}

/**
 * Locks every admin who is not suspended and returns their ids: two demotions at once wait for
 * each other, so the last admin is never demoted by a race.
 */
export async function lockActiveAdmins(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `select id from users where role = 'admin' and suspended_at is null order by id for update`,
  )
  return rows.map((r) => r.id)
}

export async function setRole(db: Queryable, userId: string, role: Role) {
  await db.query('update users set role = $2 where id = $1', [userId, role])
}

export async function setSuspended(db: Queryable, userId: string, suspended: boolean) {
  await db.query(
    `update users set suspended_at = case when $2 then now() else null end where id = $1`,
    [userId, suspended],
  )
}

/** Lots whose title contains `query`, or whose id is `query`; newest first, at most `limit`. */
export async function searchLots(
  db: Queryable,
  input: { query: string; limit: number },
): Promise<LotView[]> {
  const { rows } = await db.query<LotView>(
    `${VIEW}
      where $1 = '' or l.title ilike $2 or l.id::text = lower($1)
      order by l.created_at desc, l.id limit $3`,
    [input.query, containing(input.query), input.limit],
  )
  return rows
}

interface TopUpAttentionRow {
  id: string
  user_id: string
  email: string
  amount: number
  currency: string
  status: TopUpStatus
  attention: TopUpAttention
  failure_message: string | null
  payment_intent_id: string | null
  created_at: Date
  updated_at: Date
}

/**
 * Top-ups a person should look at, newest first: failed ones, unfinished ones older than
 * `stuckMinutes`, and over-cap ones whose card refund Stripe has not made yet.
 */
export async function topUpsNeedingAttention(
  db: Queryable,
  input: { stuckMinutes: number; limit: number },
): Promise<AdminTopUp[]> {
  const { rows } = await db.query<TopUpAttentionRow>(
    `select * from (
       select t.*, u.email,
              case when t.status = 'failed' then 'failed'
                   when t.status = 'refunded' and t.refund_id is null then 'refund_owed'
                   when t.status in ('created', 'processing', 'requires_action')
                        and t.created_at < now() - make_interval(mins => $1) then 'stuck'
              end as attention
         from top_ups t join users u on u.id = t.user_id) a
      where attention is not null
      order by updated_at desc, id limit $2`,
    [input.stuckMinutes, input.limit],
  )
  return rows.map((r) => ({
    id: r.id,
    userId: r.user_id,
    memberEmail: r.email,
    amount: Number(r.amount),
    currency: r.currency,
    status: r.status,
    attention: r.attention,
    failureMessage: r.failure_message,
    hasPaymentIntent: r.payment_intent_id !== null,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  }))
}

/** Writes one audit row; call it inside the action's own transaction. */
export async function insertAudit(
  db: Queryable,
  entry: {
    adminId: string
    action: AdminAction
    targetType: AuditTargetType
    targetId: string
    reason: string | null
    details: Record<string, unknown>
  },
): Promise<void> {
  await db.query(
    `insert into admin_audit (admin_id, action, target_type, target_id, reason, details)
     values ($1, $2, $3, $4, $5, $6::jsonb)`,
    [
      entry.adminId,
      entry.action,
      entry.targetType,
      entry.targetId,
      entry.reason,
      JSON.stringify(entry.details),
    ],
  )
}

interface AuditRow {
  id: string
  created_at: Date
  action: AdminAction
  admin_id: string
  admin_name: string
  target_type: AuditTargetType
  target_id: string
  target_label: string | null
  reason: string | null
  details: Record<string, unknown> | string
}

/** The audit, newest first; the cursor is the last id of the page. */
export async function auditPage(
  db: Queryable,
  input: { before: number | undefined; limit: number },
): Promise<Page<AuditEntry>> {
  const { rows } = await db.query<AuditRow>(
    `select a.id, a.created_at, a.action, a.admin_id, au.name as admin_name, a.target_type,
            a.target_id, a.reason, a.details,
            case a.target_type
              when 'user' then (select name from users where id::text = a.target_id)
              when 'lot' then (select title from lots where id::text = a.target_id)
              when 'top-up' then (select u.name from top_ups t join users u on u.id = t.user_id
                                   where t.id::text = a.target_id)
              when 'order' then (select l.title from orders o join lots l on l.id = o.lot_id
                                  where o.id::text = a.target_id)
              when 'rating' then (select u.name from ratings r join users u on u.id = r.subject_id
                                   where r.id::text = a.target_id)
              when 'mail' then (select to_address from mail_outbox where id::text = a.target_id)
            end as target_label
       from admin_audit a join users au on au.id = a.admin_id
      where $1::bigint is null or a.id < $1
      order by a.id desc limit $2`,
    [input.before ?? null, input.limit + 1],
  )
  return pageOf(rows, input.limit, (r) => ({
    id: Number(r.id),
    createdAt: r.created_at.toISOString(),
    action: r.action,
    adminId: r.admin_id,
    adminName: r.admin_name,
    targetType: r.target_type,
    targetId: r.target_id,
    targetLabel: r.target_label,
    reason: r.reason,
    details:
      typeof r.details === 'string'
        ? (JSON.parse(r.details) as Record<string, unknown>)
        : r.details,
  }))
}
