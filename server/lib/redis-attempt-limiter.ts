import { AttemptLimiter, type AttemptCounter, type Limit, type Take } from './attempt-limiter.ts'

/** What the limiter needs of a Redis client (ioredis's `eval`). */
export interface RedisScripting {
  eval(script: string, numKeys: number, ...args: Array<string | number>): Promise<unknown>
}

/**
 * One step for a take: count the attempt, start the window on the first, and give the attempt
 * back at once when it is over the limit (so a refused attempt never lengthens the refusal).
 * Returns 0 when taken, else the window's remaining milliseconds.
 */
const TAKE = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
if count > tonumber(ARGV[1]) then
  redis.call('DECR', KEYS[1])
  local ttl = redis.call('PTTL', KEYS[1])
  if ttl < 0 then
    redis.call('PEXPIRE', KEYS[1], ARGV[2])
    ttl = tonumber(ARGV[2])
  end
  return ttl
end
return 0`

/** Never below zero: a refund after the window ended must not credit the next one. */
const REFUND = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0`

/** How long a request waits for Redis before this node counts alone (the fallback below). */
const REDIS_WAIT_MS = 250

/**
 * The fixed-window counter shared by every API node (decision 0016; docs/scaling.md): a member
 * spreading sign-in attempts over several nodes behind a load balancer gets the same limit as on
 * one. Redis unreachable or slow: this node's own counter answers instead (`fallback`), so sign-in
 * keeps working with a per-node limit rather than failing or going unlimited.
 */
export class RedisAttemptLimiter implements AttemptCounter {
  private readonly fallback: AttemptLimiter

  constructor(
    private readonly redis: RedisScripting,
    readonly limit: Limit,
    /** Keeps this limiter's keys apart from every other's (and from other apps on the server). */
    private readonly prefix: string,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {
    this.fallback = new AttemptLimiter(limit)
  }

  async take(key: string): Promise<Take> {
    try {
      const ttl = Number(
        await withTimeout(
          this.redis.eval(TAKE, 1, this.prefix + key, this.limit.max, this.limit.windowMs),
        ),
      )
      if (ttl === 0) return { ok: true }
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)) }
    } catch (error) {
      this.onError(error)
      return this.fallback.take(key)
    }
  }

  async refund(key: string): Promise<void> {
    try {
      await withTimeout(this.redis.eval(REFUND, 1, this.prefix + key))
    } catch (error) {
      this.onError(error)
      await this.fallback.refund(key)
    }
  }
}

/**
 * Rejects when Redis has not answered within REDIS_WAIT_MS of this process's own time. Node runs
 * due timers before it reads sockets, so after the event loop was blocked (a burst of password
 * hashing, a node starting next to this one) the deadline would fire ahead of an answer that had
 * long arrived: the check waits one more turn (`setImmediate`, after the sockets are read) and
 * gives up only if the answer is still missing. Under load is exactly when the limit must stay
 * shared: the fallback would give an attacker one limit per node.
 */
function withTimeout<T>(work: Promise<T>, waitMs = REDIS_WAIT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  let turn: NodeJS.Immediate | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      turn = setImmediate(() => reject(new Error(`Redis did not answer in ${waitMs} ms`)))
    }, waitMs)
  })
  return Promise.race([work, late]).finally(() => {
    clearTimeout(timer)
    clearImmediate(turn)
  })
}
