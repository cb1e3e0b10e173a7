import { createHash } from 'node:crypto'
import type { Queryable } from '../db/types.ts'

export interface StoredResponse {
  requestHash: string
  response: unknown
  statusCode: number
}

export function requestHash(parts: unknown): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex')
}

export async function findIdempotent(
  db: Queryable,
  userId: string,
  scope: string,
  key: string,
): Promise<StoredResponse | undefined> {
  const { rows } = await db.query<{ request_hash: string; response: unknown; status_code: number }>(
    'select request_hash, response, status_code from idempotency_keys where user_id = $1 and scope = $2 and key = $3',
    [userId, scope, key],
  )
  const row = rows[0]
  return row
    ? { requestHash: row.request_hash, response: row.response, statusCode: row.status_code }
    : undefined
}

/** Stores a response once; false when the key was already taken (by a concurrent request). */
export async function storeIdempotent(
  db: Queryable,
  entry: {
    userId: string
    scope: string
    key: string
    requestHash: string
    response: unknown
    statusCode: number
  },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `insert into idempotency_keys (user_id, scope, key, request_hash, response, status_code)
     values ($1, $2, $3, $4, $5::jsonb, $6) on conflict do nothing`,
    [
      entry.userId,
      entry.scope,
      entry.key,
      entry.requestHash,
      JSON.stringify(entry.response),
      entry.statusCode,
    ],
  )
  return rowCount > 0
}

/**
 * Claims (user, scope, key) before the work is done, with a placeholder response the same
 * transaction replaces (`completeIdempotent`). A concurrent claim of the same key waits on the
 * primary key until this transaction ends (PostgreSQL; PGlite runs transactions one at a time),
 * then finds it taken and reads the stored response: the work is done once.
 */
export async function claimIdempotent(
  db: Queryable,
  entry: { userId: string; scope: string; key: string; requestHash: string },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `insert into idempotency_keys (user_id, scope, key, request_hash, response, status_code)
     values ($1, $2, $3, $4, 'null'::jsonb, 0) on conflict do nothing`,
    [entry.userId, entry.scope, entry.key, entry.requestHash],
  )
  return rowCount > 0
}

export async function completeIdempotent(
  db: Queryable,
  entry: { userId: string; scope: string; key: string; response: unknown; statusCode: number },
): Promise<void> {
  await db.query(
    `update idempotency_keys set response = $4::jsonb, status_code = $5
      where user_id = $1 and scope = $2 and key = $3`,
    [entry.userId, entry.scope, entry.key, JSON.stringify(entry.response), entry.statusCode],
  )
}
