/**
 * Token bucket for client events: `ratePerSecond` tokens, refilled continuously. A burst of up to
 * one second's budget is allowed, which is how Pusher describes its 10 messages/s/connection limit.
 */
export class TokenBucket {
  private tokens: number
  private last: number

  constructor(
    private readonly ratePerSecond: number,
    now: number = Date.now(),
  ) {
    this.tokens = ratePerSecond
    this.last = now
  }

  take(now: number = Date.now()): boolean {
    const elapsed = Math.max(0, now - this.last) / 1000
    this.last = now
    this.tokens = Math.min(this.ratePerSecond, this.tokens + elapsed * this.ratePerSecond)
    if (this.tokens < 1) return false
    this.tokens -= 1
    return true
  }
}
