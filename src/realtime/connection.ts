import type { QueryClient } from '@tanstack/react-query'
import type Pusher from 'pusher-js'
import type { RuntimeConfig } from '../../common/config'
import { setSocketId } from '../api/client'
import { nextTask } from '../lib/idle'
import { loadAgain } from '../lib/load-again'
import { authorize } from './authorize'
import { applyEvent, matchChannel, type AnyRule } from './bridge'
import { listenToBrowser } from './browser-signals'
import { feedChannel, type PresenceMember } from './channel-feed'
import { pusherOptions, type Authorize } from './pusher-options'
import { toStatus, type RealtimeStatus } from './status'

// The connection's public API, whichever module now holds each part.
export type { PresenceMember } from './channel-feed'
export { PUSHER_TIMEOUTS, pusherOptions } from './pusher-options'
export { toStatus, type RealtimeStatus } from './status'

type PresenceListener = (members: PresenceMember[]) => void
type CountListener = (count: number | null) => void

/** Channel name under which rules for user sign-in events (`#server-to-user-{id}`) are listed. */
export const USER_CHANNEL = '#user'

/**
 * How long a socket that says it is connected has to answer a ping before it counts as dead
 * (decision 0049): the service answers at once, so a live socket answers in one round trip.
 */
export const PROBE_TIMEOUT_MS = 2_500

export interface RealtimeDeps {
  config: RuntimeConfig['realtime']
  queryClient: QueryClient
  rules: readonly AnyRule[]
  /**
   * POST to /broadcasting/{path}; by default through the app's HTTP client (async header,
   * cookies: authorize.ts).
   */
  authorize?: Authorize
  /** Loads pusher-js; lazy so it stays out of the initial bundle. */
  loadPusher?: () => Promise<typeof Pusher>
  /**
   * The service ended the connection on its own (it does so to every connection of a user who
   * signed out, wherever that was): resolves to who is signed in now (null: a guest; undefined:
   * unknown). The connection then comes back as that user.
   */
  onEnded?: () => Promise<string | null | undefined>
}

/**
 * One pusher-js connection for the whole app: connection status for the UI, ref-counted channel
 * subscriptions that feed the bridge, user sign-in, and fast recovery (reconnect at once when the
 * browser comes back online or the page becomes visible again, and a silently dead socket replaced
 * when the page comes back or a write fails: checkAlive).
 */
export class RealtimeClient {
  private pusher: Pusher | undefined
  private status: RealtimeStatus = 'connecting'
  private everConnected = false
  private readonly listeners = new Set<() => void>()
  private readonly refs = new Map<string, number>()
  private readonly subscribedOnce = new Set<string>()
  private userId: string | null = null
  /** A liveness ping is out (checkAlive). */
  private probing = false
  /** Set while we disconnect ourselves, to tell that from the service ending the connection. */
  private leaving = false
  /** Bumped by stop(): a start() still loading pusher-js from before must not connect. */
  private generation = 0
  private readonly cleanup: Array<() => void> = []
  private readonly presence = new Map<string, Set<PresenceListener>>()
  private readonly members = new Map<string, PresenceMember[]>()
  private readonly countListeners = new Map<string, Set<CountListener>>()
  private readonly counts = new Map<string, number>()

  constructor(private readonly deps: RealtimeDeps) {}

  async start(): Promise<void> {
    const generation = ++this.generation
    const PusherClass = await loadAgain(
      this.deps.loadPusher ?? defaultLoadPusher,
      () => generation !== this.generation,
    )
    if (!PusherClass || generation !== this.generation) return
    // pusher-js was evaluated in this task; connecting in the next keeps each under a slow
    // phone's long-task line (decision 0059).
    await nextTask()
    if (generation !== this.generation) return
    const pusher = new PusherClass(
      this.deps.config.key,
      pusherOptions(this.deps.config, this.deps.authorize ?? authorize),
    )
    this.pusher = pusher
    pusher.connection.bind(
      'state_change',
      ({ previous, current }: { previous: string; current: string }) => {
        this.onState(current)
        if (previous === 'connected' && current === 'disconnected' && !this.leaving)
          void this.onEnded(generation)
      },
    )
    for (const rule of this.deps.rules) {
      if (matchChannel(rule, USER_CHANNEL)) {
        pusher.user.bind(rule.event, (data: unknown) =>
          applyEvent(this.deps.queryClient, rule, {}, data),
        )
      }
    }
    for (const name of this.refs.keys()) this.attach(name)
    if (this.userId) pusher.signin()
    this.listenToBrowser()
  }

  stop() {
    this.generation++
    for (const off of this.cleanup.splice(0)) off()
    this.disconnect()
    this.pusher = undefined
    this.subscribedOnce.clear()
    setSocketId(null)
  }

  getStatus = () => this.status
  subscribeStatus = (listener: () => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Subscribes while at least one screen needs the channel. Returns the release function. */
  use(channel: string): () => void {
    this.refs.set(channel, (this.refs.get(channel) ?? 0) + 1)
    if (this.refs.get(channel) === 1) this.attach(channel)
    return () => {
      const left = (this.refs.get(channel) ?? 1) - 1
      if (left > 0) return void this.refs.set(channel, left)
      this.refs.delete(channel)
      this.subscribedOnce.delete(channel)
      this.pusher?.unsubscribe(channel)
    }
  }

  /**
   * Members of a presence channel (subscribe it with use() as well). The listener gets the current
   * list at once if known, then every change; returns the release function.
   */
  watchPresence(channel: string, listener: PresenceListener): () => void {
    let set = this.presence.get(channel)
    if (!set) this.presence.set(channel, (set = new Set()))
    set.add(listener)
    const known = this.members.get(channel)
    if (known) listener(known)
    return () => {
      set.delete(listener)
      if (set.size === 0) {
        this.presence.delete(channel)
        this.members.delete(channel)
      }
    }
  }

  /**
   * How many sockets a public or private channel has (subscribe it with use() as well), from the
   * service's `pusher:subscription_count`: the current count at once if known, then every change
   * (null while a re-subscription waits for a fresh one). Returns the release function.
   */
  watchCount(channel: string, listener: CountListener): () => void {
    let set = this.countListeners.get(channel)
    if (!set) this.countListeners.set(channel, (set = new Set()))
    set.add(listener)
    const known = this.counts.get(channel)
    if (known !== undefined) listener(known)
    return () => {
      set.delete(listener)
      if (set.size === 0) {
        this.countListeners.delete(channel)
        this.counts.delete(channel)
      }
    }
  }

  /** Signs the connection in as this user (notifications), or out (reconnects as a guest). */
  setUser(userId: string | null) {
    if (userId === this.userId) return
    const previous = this.userId
    this.userId = userId
    if (!this.pusher) return
    if (userId) this.pusher.signin()
    else if (previous) {
      // Private subscriptions belonged to the old user: start a fresh guest connection.
      this.disconnect()
      this.pusher.connect()
    }
  }

  /**
   * Is the socket that says it is connected still alive? A socket can die silently (a phone's
   * radio, a NAT or proxy dropping the flow) while HTTP works: pusher-js would notice only after
   * its activity and pong timeouts (150 s), and meanwhile no event arrives and the screen goes
   * stale. Asked when the page comes back to the person (visible, focused, online) and when a
   * write fails — moments when stale data misleads. A ping answered (any frame back) within
   * PROBE_TIMEOUT_MS: nothing to do. Otherwise a fresh socket now; its re-subscription refetches
   * what each channel shows (`applyResubscribe`). Not connected at all: reconnect now.
   */
  checkAlive() {
    const pusher = this.pusher
    if (!pusher) return
    const connection = pusher.connection
    if (connection.state !== 'connected') return this.reconnectNow()
    if (this.probing) return
    this.probing = true
    const answered = () => {
      clearTimeout(timer)
      connection.unbind('message', answered)
      this.probing = false
    }
    const timer = setTimeout(() => {
      connection.unbind('message', answered)
      this.probing = false
      if (this.pusher !== pusher || connection.state !== 'connected') return
      this.disconnect()
      pusher.connect()
    }, PROBE_TIMEOUT_MS)
    connection.bind('message', answered)
    connection.send_event('pusher:ping', {})
  }

  /** Reconnect now, not after pusher-js's back-off (the network just came back). */
  reconnectNow() {
    const state = this.pusher?.connection.state
    if (!this.pusher || state === 'connected' || state === 'connecting') return
    this.pusher.connect()
  }

  private disconnect() {
    this.leaving = true
    try {
      this.pusher?.disconnect()
    } finally {
      this.leaving = false
    }
  }

  /** Ended by the service, not by us: back as whoever is signed in now (pusher-js would not). */
  private async onEnded(generation: number) {
    const user = await this.deps.onEnded?.().catch(() => undefined)
    if (generation !== this.generation) return
    if (user !== undefined) this.setUser(user)
    this.reconnectNow()
  }

  private attach(name: string) {
    if (!this.pusher) return
    feedChannel(this.pusher.subscribe(name), name, {
      queryClient: this.deps.queryClient,
      rules: this.deps.rules,
      subscribedOnce: this.subscribedOnce,
      onMembers: (channel, list) => {
        this.members.set(channel, list)
        for (const listener of this.presence.get(channel) ?? []) listener(list)
      },
      onCount: (channel, count) => {
        if (count === null) this.counts.delete(channel)
        else this.counts.set(channel, count)
        for (const listener of this.countListeners.get(channel) ?? []) listener(count)
      },
    })
  }

  private onState(state: string) {
    if (state === 'connected') {
      this.everConnected = true
      setSocketId(this.pusher?.connection.socket_id ?? null)
    } else {
      setSocketId(null)
    }
    this.setStatus(toStatus(state, this.everConnected))
  }

  private setStatus(status: RealtimeStatus) {
    if (status === this.status) return
    this.status = status
    for (const listener of this.listeners) listener()
  }

  private listenToBrowser() {
    const stop = listenToBrowser(this.deps.queryClient, {
      online: () => {
        // A socket that outlived the blip (nothing made it close) is live again as it is, if it
        // answers (checkAlive).
        const state = this.pusher?.connection.state
        if (state) this.setStatus(toStatus(state, this.everConnected))
        this.checkAlive()
      },
      offline: () => this.setStatus('offline'),
      lookAgain: () => this.checkAlive(),
    })
    this.cleanup.push(stop)
  }
}

async function defaultLoadPusher(): Promise<typeof Pusher> {
  const module = await import('pusher-js')
  return module.default
}
