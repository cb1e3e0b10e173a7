/**
 * Token bucket: `ratePerSecond` tokens, refilled continuously, holding at most `burst`. For client
 * events the burst is one second's budget, which is how Pusher describes its 10
 * messages/s/connection limit.
 */
export class TokenBucket {
  private tokens: number
  private last: number

  constructor(
    private readonly ratePerSecond: number,
    now: number = Date.now(),
    private readonly burst: number = ratePerSecond,
  ) {
    this.tokens = burst
    this.last = now
  }

  take(now: number = Date.now()): boolean {
    const elapsed = Math.max(0, now - this.last) / 1000
    this.last = now
    this.tokens = Math.min(this.burst, this.tokens + elapsed * this.ratePerSecond)
    if (this.tokens < 1) return false
    this.tokens -= 1
    return true
  }
}
