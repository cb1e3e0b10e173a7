import { AppError } from './problem.ts'

/**
 * Picture work one process does at a time (decision 0047): at most `running` decodes at once,
 * at most `waiting` more in line, and anything past that refused at once with 503 and a
 * Retry-After — not queued without end. sharp runs on libuv's thread pool (4 threads by default),
 * which password hashing and file reads share: six pictures at once used to hold all of it, and
 * unrelated requests waited seconds.
 */
export class PictureQueue {
  private active = 0
  private readonly line: Array<() => void> = []
  /** A running average of one job's duration, for Retry-After; a guess until the first ends. */
  private averageMs = 1_000

  constructor(private readonly limits: { running: number; waiting: number }) {}

  /** Runs `work` now, or once a place frees up; throws 503 `pictures_busy` when the line is full. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.limits.running) {
      if (this.line.length >= this.limits.waiting) throw this.busy()
      await new Promise<void>((resolve) => this.line.push(resolve))
    } else this.active++
    const started = performance.now()
    try {
      return await work()
    } finally {
      this.averageMs = 0.8 * this.averageMs + 0.2 * (performance.now() - started)
      // A place passes straight to the next in line: `active` stays counted for it.
      const next = this.line.shift()
      if (next) next()
      else this.active--
    }
  }

  /** Seconds until the line ahead has likely cleared (at least 1, at most 60). */
  retryAfterSeconds(): number {
    const ahead = this.active + this.line.length
    const seconds = Math.ceil(((ahead / this.limits.running) * this.averageMs) / 1000)
    return Math.min(60, Math.max(1, seconds))
  }

  private busy(): AppError {
    const seconds = this.retryAfterSeconds()
    return new AppError(
      503,
      'pictures_busy',
      `The server is busy with other pictures. Try again in ${seconds} seconds.`,
      undefined,
      seconds,
    )
  }
}
