import { toPositional, type SqlPiece } from '../db/named-sql.ts'
import type { Queryable } from '../db/types.ts'
import { slotOf, type ClaimOutcome, type KeyClaim } from '../domain/idempotency.ts'

export {
  keyClaim,
  requestHash,
  slotOf,
  type ClaimOutcome,
  type KeyClaim,
  type StoredResponse,
} from '../domain/idempotency.ts'

/**
 * The idempotency store: one row per (user, scope, key). A request claims its key FIRST in its
 * transaction (`claimIdempotencyKeys`) and stores its answer in the same transaction
 * (`completeIdempotencyKeys`), so the key, the work and the answer commit — or roll back —
 * together. Scopes: 'bid', 'top-up', 'admin-adjustment', 'watch', 'notifications-read',
 * 'lot-create', 'lot-cancel', 'lot-end', 'lot-edit', 'address', 'order-move', 'order-message', 'withdrawal',
 * 'payout'.
 */
export type IdempotencyScope =
  | 'bid'
  | 'top-up'
  | 'admin-adjustment'
  | 'watch'
  | 'notifications-read'
  | 'lot-create'
  | 'lot-cancel'
  | 'lot-end'
  | 'lot-edit'
  | 'address'
  | 'order-move'
  | 'order-message'
  | 'withdrawal'
  | 'payout'
  | 'show-create'

/**
 * Claims keys of one scope, in (user, key) order, in ONE statement. A fresh key is inserted with
 * a placeholder answer (status 0) that this transaction replaces before it commits. A key that is
 * taken is locked instead (`on conflict do update` — a no-op update): if its first request is
 * still running, this waits on that row until it commits or rolls back, and then gets the row as
 * committed, even though it is newer than this statement's snapshot (PostgreSQL's rule for
 * ON CONFLICT DO UPDATE under READ COMMITTED). A rolled-back claim leaves the key free, and this
 * claim then takes it. The bid path runs this inside its wallet-lock statement (one round trip);
 * `scope` is one of the constants above, never user input.
 */
export const CLAIM_SQL = (
  scope: IdempotencyScope,
  users: string,
  keys: string,
  hashes: string,
  /** A condition evaluated before any key is claimed (the bid path: its wallet locks). */
  after = 'true',
) => `insert into idempotency_keys (user_id, scope, key, request_hash, response, status_code)
       select c.user_id, '${scope}', c.key, c.request_hash, 'null'::jsonb, 0
         from unnest(${users}::uuid[], ${keys}::text[], ${hashes}::text[]) as c(user_id, key, request_hash)
        where ${after}
        order by c.user_id, c.key
       on conflict (user_id, scope, key) do update set key = excluded.key
       returning user_id, key, (xmax = 0) as claimed, request_hash, response, status_code`

export interface ClaimRow {
  user_id: string
  key: string
  claimed: boolean
  request_hash: string
  response: unknown
  status_code: number
}

export function toClaims(rows: ClaimRow[]): Map<string, ClaimOutcome> {
  return new Map(
    rows.map((r) => [
      slotOf(r.user_id, r.key),
      r.claimed
        ? { claimed: true as const }
        : {
            claimed: false as const,
            stored: {
              requestHash: r.request_hash,
              response: r.response,
              statusCode: r.status_code,
            },
          },
    ]),
  )
}

/** Claims distinct keys of one scope (see CLAIM_SQL); the caller dedupes (user, key) pairs. */
export async function claimIdempotencyKeys(
  db: Queryable,
  scope: IdempotencyScope,
  claims: KeyClaim[],
): Promise<Map<string, ClaimOutcome>> {
  const { rows } = await db.query<ClaimRow>(CLAIM_SQL(scope, '$1', '$2', '$3'), [
    claims.map((c) => c.userId),
    claims.map((c) => c.key),
    claims.map((c) => c.requestHash),
  ])
  return toClaims(rows)
}

/** Stores the answer of a claimed key, in the claiming transaction. */
export async function completeIdempotencyKey(
  db: Queryable,
  entry: {
    userId: string
    scope: IdempotencyScope
    key: string
    response: unknown
    statusCode: number
  },
): Promise<void> {
  await db.query(
    `update idempotency_keys set response = $4::jsonb, status_code = $5
      where user_id = $1 and scope = $2 and key = $3`,
    [entry.userId, entry.scope, entry.key, JSON.stringify(entry.response), entry.statusCode],
  )
}

/**
 * Stores the answers of claimed keys (still placeholders, status 0), as a piece of a larger write
 * (the bid batch). Returns one row per answer stored.
 */
export function storeAnswersPiece(
  name: string,
  scope: IdempotencyScope,
  statusCode: number,
  answers: Array<{ userId: string; key: string; response: unknown }>,
): SqlPiece {
  return {
    name,
    sql: `update idempotency_keys k set response = e.value -> 'response', status_code = :statusCode
            from jsonb_array_elements(:answers::jsonb) as e(value)
           where k.user_id = (e.value ->> 'userId')::uuid and k.scope = '${scope}'
             and k.key = e.value ->> 'key' and k.status_code = 0
          returning 1`,
    params: { statusCode, answers: JSON.stringify(answers) },
  }
}

/**
 * Frees claims whose requests were all refused (only successes are stored), as a piece or alone
 * (`releaseClaims`). Only placeholders are deleted, never a stored answer.
 */
export function releaseClaimsPiece(
  name: string,
  scope: IdempotencyScope,
  released: Array<{ userId: string; key: string }>,
): SqlPiece {
  return {
    name,
    sql: `delete from idempotency_keys k
           using unnest(:releasedUsers::uuid[], :releasedKeys::text[]) as f(user_id, key)
           where k.user_id = f.user_id and k.scope = '${scope}' and k.key = f.key and k.status_code = 0
          returning 1`,
    params: {
      releasedUsers: released.map((r) => r.userId),
      releasedKeys: released.map((r) => r.key),
    },
  }
}

export async function releaseClaims(
  db: Queryable,
  scope: IdempotencyScope,
  released: Array<{ userId: string; key: string }>,
): Promise<void> {
  if (released.length === 0) return
  const piece = releaseClaimsPiece('freed', scope, released)
  const { text, values } = toPositional(piece.sql, piece.params)
  await db.query(text, values)
}

/**
 * How long a stored answer is kept for a repeat: far longer than any client retries a request
 * (the offline queue replays within its own lifetime), short enough that the table stays bounded.
 */
export const IDEMPOTENCY_KEY_TTL_MS = 7 * 24 * 3_600_000

/** Deletes answers stored before `before` (the scheduler's sweep); returns how many went. */
export async function deleteIdempotencyKeysBefore(db: Queryable, before: Date): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `with gone as (delete from idempotency_keys where created_at < $1 returning 1)
     select count(*)::int as n from gone`,
    [before],
  )
  return rows[0]?.n ?? 0
}
