import { Redis } from 'ioredis'

/** At most one warning a minute about a lost Redis, not one per reconnect attempt. */
const WARN_EVERY_MS = 60_000

/**
 * The API node's Redis client (REDIS_URL; docs/scaling.md). Commands fail at once while Redis is
 * away instead of queueing (`enableOfflineQueue: false`): every user of it has a fallback (a
 * limit counts on this node alone), which beats requests hanging on a dead connection. ioredis
 * reconnects by itself with backoff.
 */
export function openRedis(url: string, log: { warn(obj: unknown, msg: string): void }): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 1_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  })
  let warnedAt = -Infinity
  // Without a listener ioredis prints every failed reconnect; one line a minute is enough.
  redis.on('error', (error: Error) => {
    if (Date.now() - warnedAt < WARN_EVERY_MS) return
    warnedAt = Date.now()
    log.warn({ err: error }, 'Redis connection error')
  })
  return redis
}
