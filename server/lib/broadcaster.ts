import Pusher from 'pusher'
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../config.ts'

export interface BroadcastEvent {
  channel: string
  name: string
  data: unknown
  /** Deliver to the sender's socket as well (it is left out by default). */
  toSender?: boolean
}

/** Pusher's limit per batch call. */
const BATCH_SIZE = 10

/**
 * The API's only way to publish: the official `pusher` SDK, so Pusher Channels, soketi, Reverb or
 * the embedded service are interchangeable by configuration. Publishing happens after the database
 * commit (see `Publication`, server/lib/publication.ts); a failure to publish is logged, never undoes the committed change —
 * clients recover by refetching on the next gap.
 */
export class Broadcaster {
  readonly pusher: Pusher
  /** Told how long each publish call took and whether it was taken (GET /metrics). */
  publishObserver?: (seconds: number, ok: boolean) => void
  private readonly notifiedListeners = new Set<() => void>()

  constructor(
    config: Config['pusher'],
    private readonly log?: FastifyBaseLogger,
  ) {
    this.pusher = new Pusher({
      appId: config.appId,
      key: config.key,
      secret: config.secret,
      host: config.embedded ? '127.0.0.1' : config.host,
      port: String(config.port),
      useTLS: config.scheme === 'https',
      cluster: config.cluster,
      timeout: 5_000,
    })
  }

  /** Publishes events in order; `socketId` (from X-Socket-ID) leaves the sender's socket out. */
  async publish(events: BroadcastEvent[], socketId?: string): Promise<void> {
    for (let i = 0; i < events.length; i += BATCH_SIZE) {
      const batch = events.slice(i, i + BATCH_SIZE).map((e) => ({
        channel: e.channel,
        name: e.name,
        data: JSON.stringify(e.data),
        ...(socketId && !e.toSender ? { socket_id: socketId } : {}),
      }))
      const started = performance.now()
      try {
        await this.pusher.triggerBatch(batch)
        this.publishObserver?.((performance.now() - started) / 1000, true)
      } catch (error) {
        this.publishObserver?.((performance.now() - started) / 1000, false)
        this.log?.warn({ err: error, events: batch.map((b) => b.name) }, 'real-time publish failed')
      }
    }
  }

  /**
   * Listens for commits that wrote notifications (the push worker sends their pushes at once
   * rather than at its next poll, decision 0032). Returns the way to stop listening.
   */
  onNotified(listener: () => void): () => void {
    this.notifiedListeners.add(listener)
    return () => this.notifiedListeners.delete(listener)
  }

  /** Told by a publication after the commit, before its notifications are sent. */
  notified(): void {
    for (const listener of this.notifiedListeners) listener()
  }

  async sendToUser(userId: string, event: string, data: unknown): Promise<void> {
    try {
      await this.pusher.sendToUser(userId, event, data)
    } catch (error) {
      this.log?.warn({ err: error, event }, 'real-time user delivery failed')
    }
  }

  async terminateUserConnections(userId: string): Promise<void> {
    try {
      await this.pusher.terminateUserConnections(userId)
    } catch (error) {
      this.log?.warn({ err: error }, 'could not terminate real-time connections')
    }
  }
}
