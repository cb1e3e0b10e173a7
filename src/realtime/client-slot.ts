import type { RealtimeClient } from './connection'

/**
 * Where the app's one connection lives once pusher-js has loaded: a small external store, so that
 * its arrival (or a restart) reaches the hooks that follow it without changing a React context,
 * which would re-render every component that reads it (decision 0062).
 */
export class ClientSlot {
  private client: RealtimeClient | null = null
  private readonly listeners = new Set<() => void>()

  get = (): RealtimeClient | null => this.client

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => {
      this.listeners.delete(listener)
    }
  }

  set(client: RealtimeClient | null): void {
    if (client === this.client) return
    this.client = client
    for (const listener of [...this.listeners]) listener()
  }

  /**
   * Runs `attach` with the connection now if there is one and again with each new one, the
   * previous one's cleanup first; `changed` hears of every change after that. Returns the stop.
   */
  whileSet(attach: (client: RealtimeClient) => () => void, changed?: () => void): () => void {
    let detach = this.client ? attach(this.client) : undefined
    const unsubscribe = this.subscribe(() => {
      detach?.()
      detach = this.client ? attach(this.client) : undefined
      changed?.()
    })
    return () => {
      unsubscribe()
      detach?.()
    }
  }
}
