import { isIPv4, isIPv6 } from 'node:net'

/** At most `max` attempts per `windowMs`, counted per key. */
export interface Limit {
  max: number
  windowMs: number
}

export type Take = { ok: true } | { ok: false; retryAfterSeconds: number }

/**
 * Counts attempts per key within a fixed window: in this process (`AttemptLimiter`), or shared by
 * every API node through Redis (`RedisAttemptLimiter`, when REDIS_URL is set).
 */
export interface AttemptCounter {
  readonly limit: Limit
  take(key: string): Promise<Take>
  refund(key: string): Promise<void>
}

/** Above this many keys, expired ones are swept before a new one is added. */
const SWEEP_ABOVE = 10_000

/**
 * Fixed-window attempt counter, in memory (one API process; see decision 0016). An attempt is
 * taken BEFORE the expensive work (an scrypt) so that a burst of parallel requests cannot all pass
 * the check first; `refund` gives it back when the attempt turns out not to count (a sign-in that
 * succeeded), which is how "failed sign-ins" are limited without a race.
 */
export class AttemptLimiter implements AttemptCounter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>()

  constructor(
    readonly limit: Limit,
    private readonly now: () => number = Date.now,
  ) {}

  take(key: string): Promise<Take> {
    return Promise.resolve(this.takeNow(key))
  }

  refund(key: string): Promise<void> {
    this.refundNow(key)
    return Promise.resolve()
  }

  takeNow(key: string): Take {
    const now = this.now()
    let window = this.windows.get(key)
    if (!window || window.resetAt <= now) {
      if (this.windows.size >= SWEEP_ABOVE) this.sweep(now)
      window = { count: 0, resetAt: now + this.limit.windowMs }
      this.windows.set(key, window)
    }
    if (window.count >= this.limit.max) {
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - now) / 1000)) }
    }
    window.count += 1
    return { ok: true }
  }

  refundNow(key: string): void {
    const window = this.windows.get(key)
    if (window && window.count > 0) window.count -= 1
  }

  private sweep(now: number) {
    for (const [key, window] of this.windows) {
      if (window.resetAt <= now) this.windows.delete(key)
    }
  }
}

/**
 * The key of a client address for limits: an IPv4 address as is (also when IPv4-mapped), an IPv6
 * address by its /64 network — one subscriber usually holds a whole /64 and could otherwise take
 * a fresh address per attempt.
 */
export function clientAddressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)
  if (mapped) return mapped[1]!
  if (isIPv4(ip) || !isIPv6(ip)) return ip
  return `${expandIPv6(ip).slice(0, 4).join(':')}::/64`
}

function expandIPv6(ip: string): string[] {
  const [head = '', tail] = ip.split('%')[0]!.toLowerCase().split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const zeros = Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0')
  const groups = tail === undefined ? left : [...left, ...zeros, ...right]
  return groups.map((group) => group.replace(/^0+(?=.)/, ''))
}
