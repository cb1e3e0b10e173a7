import type { Database, Queryable } from '../db/types.ts'
import { replayOf, type Replay } from '../domain/idempotency.ts'
import type { Broadcaster } from '../lib/broadcaster.ts'
import { Publication } from '../lib/publication.ts'
import {
  claimIdempotencyKeys,
  completeIdempotencyKey,
  keyClaim,
  slotOf,
  type IdempotencyScope,
} from '../repositories/idempotency.ts'

/** What makes a write happen at most once per (user, scope, key). */
export interface Idempotency {
  userId: string
  scope: IdempotencyScope
  /** Without a key the command simply runs. */
  key: string | undefined
  /** What makes two requests "the same" (hashed); a different value under one key is refused. */
  parts: unknown
  /** The status of a first answer, stored with it and sent again on a repeat (default 200). */
  statusCode?: number
}

export interface CommandResult<T> {
  body: T
  statusCode: number
  /** True when the body is the stored answer to an earlier request with the same key. */
  replayed: boolean
}

/** Where a command's events go once it has committed. */
export interface Audience {
  broadcaster: Broadcaster
  /** The sender's real-time socket (X-Socket-ID), left out of events it already has. */
  socketId?: string | undefined
}

/**
 * The shell every write command runs in (decision 0021):
 *  1. one transaction;
 *  2. with `once`, the Idempotency-Key claimed FIRST (a row lock — decision 0017): a concurrent
 *     repeat waits for the first to commit and gets its stored answer, another request under the
 *     key is 422 `idempotency_key_reused`; only successes are stored, a refusal rolls the claim
 *     back with everything else;
 *  3. `work` reads under its locks, decides (pure functions), writes, and collects its events;
 *  4. after COMMIT only, the events go to `publishTo` — no client ever sees a rolled-back state,
 *     and a failure to publish never undoes the change. A replay publishes nothing.
 * The bid batch follows the same rule inside its own statements (commands/bids/place-bids.ts).
 */
export async function runCommand<T>(
  db: Database,
  options: { once?: Idempotency; publishTo?: Audience },
  work: (tx: Queryable, events: Publication) => Promise<T>,
): Promise<CommandResult<T>> {
  const events = new Publication()
  const result = await db.transaction(async (tx): Promise<CommandResult<T>> => {
    const once = options.once
    const statusCode = once?.statusCode ?? 200
    if (once?.key === undefined)
      return { body: await work(tx, events), statusCode, replayed: false }
    const key = once.key
    const stored = await claimKey(tx, { ...once, key })
    if (stored) return { body: stored.body as T, statusCode: stored.statusCode, replayed: true }
    const body = await work(tx, events)
    await completeIdempotencyKey(tx, { ...once, key, response: body, statusCode })
    return { body, statusCode, replayed: false }
  })
  if (options.publishTo)
    await events.send(options.publishTo.broadcaster, options.publishTo.socketId)
  return result
}

/**
 * Claims one key inside the caller's transaction: undefined when this transaction now owns it, the
 * earlier answer when the same request was done before, 422 when the key was used for another.
 */
async function claimKey(
  tx: Queryable,
  request: { userId: string; scope: IdempotencyScope; key: string; parts: unknown },
): Promise<Replay | undefined> {
  const claim = keyClaim(request.userId, request.key, request.parts)
  const claims = await claimIdempotencyKeys(tx, request.scope, [claim])
  return replayOf(claims.get(slotOf(request.userId, request.key))!, claim.requestHash)
}
