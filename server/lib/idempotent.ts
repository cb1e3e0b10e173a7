import type { IncomingHttpHeaders } from 'node:http'
import { IDEMPOTENCY_HEADER } from '../../common/config.ts'
import type { Database, Queryable } from '../db/types.ts'
import {
  claimIdempotent,
  completeIdempotent,
  findIdempotent,
  requestHash,
} from '../repositories/idempotency.ts'
import { IDEMPOTENCY_KEY } from '../routes/lots/params.ts'
import { AppError } from './problem.ts'

/** Set on a response served from the idempotency store instead of doing the work again. */
export const REPLAYED_HEADER = 'Idempotent-Replayed'

/** The optional Idempotency-Key of a request; a malformed one is a 400, never ignored. */
export function optionalIdempotencyKey(headers: IncomingHttpHeaders): string | undefined {
  const key = headers[IDEMPOTENCY_HEADER.toLowerCase()]
  if (key === undefined) return undefined
  if (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key)) {
    throw new AppError(400, 'bad_request', `The ${IDEMPOTENCY_HEADER} header is not valid.`)
  }
  return key
}

export interface Once<T> {
  body: T
  /** True when the body is the stored answer to an earlier request with the same key. */
  replayed: boolean
}

/**
 * Runs `work` in one transaction, at most once per (user, scope, key): the key is claimed first,
 * so a repeat — sequential or concurrent — gets the first answer back without doing the work
 * again, and a different request under the same key is refused. Without a key the work simply
 * runs. Only successes are stored: when `work` throws, the claim rolls back with it.
 */
export async function applyOnce<T>(
  db: Database,
  request: { userId: string; scope: string; key: string | undefined; parts: unknown },
  work: (tx: Queryable) => Promise<T>,
): Promise<Once<T>> {
  const { userId, scope, key } = request
  return db.transaction(async (tx) => {
    if (key === undefined) return { body: await work(tx), replayed: false }
    const hash = requestHash(request.parts)
    if (!(await claimIdempotent(tx, { userId, scope, key, requestHash: hash }))) {
      const previous = await findIdempotent(tx, userId, scope, key)
      if (!previous || previous.requestHash !== hash) {
        throw new AppError(
          422,
          'idempotency_key_reused',
          `This ${IDEMPOTENCY_HEADER} was used for another request.`,
        )
      }
      return { body: previous.response as T, replayed: true }
    }
    const body = await work(tx)
    await completeIdempotent(tx, { userId, scope, key, response: body, statusCode: 200 })
    return { body, replayed: false }
  })
}
