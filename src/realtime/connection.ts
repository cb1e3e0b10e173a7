import type { QueryClient } from '@tanstack/react-query'
import type Pusher from 'pusher-js'
import type { Channel } from 'pusher-js'
import type { RuntimeConfig } from '../../common/config'
import { setSocketId } from '../api/client'
import { loadAgain } from '../lib/load-again'
import { authorize } from './authorize'
import { applyEvent, applyResubscribe, matchChannel, type AnyRule } from './bridge'

export type RealtimeStatus = 'offline' | 'connecting' | 'live' | 'reconnecting'

/** A member of a presence channel: the id and what the auth endpoint put in user_info. */
export interface PresenceMember {
  id: string
  info: Record<string, unknown>
}
type PresenceListener = (members: PresenceMember[]) => void

/** Channel name under which rules for user sign-in events (`#server-to-user-{id}`) are listed. */
export const USER_CHANNEL = '#user'

/** Fixed facts (docs/product.md §1): set explicitly, not left to pusher-js defaults. */
export const PUSHER_TIMEOUTS = {
  activityTimeout: 120_000,
  pongTimeout: 30_000,
  unavailableTimeout: 10_000,
} as const

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
  authorize?: (path: 'auth' | 'user-auth', body: Record<string, string>) => Promise<unknown>
  /** Loads pusher-js; lazy so it stays out of the initial bundle. */
  loadPusher?: () => Promise<typeof Pusher>
  /**
   * The service ended the connection on its own (it does so to every connection of a user who
   * signed out, wherever that was): resolves to who is signed in now (null: a guest; undefined:
   * unknown). The connection then comes back as that user.
   */
  onEnded?: () => Promise<string | null | undefined>
}

export function pusherOptions(
  config: RuntimeConfig['realtime'],
  authorize: NonNullable<RealtimeDeps['authorize']>,
): ConstructorParameters<typeof Pusher>[1] {
  const authHandler =
    (path: 'auth' | 'user-auth') =>
    (body: Record<string, string>, callback: (error: Error | null, data: never) => void) => {
      authorize(path, body).then(
        (data) => callback(null, data as never),
        (error: Error) => callback(error, null as never),
      )
    }
  return {
    cluster: config.cluster,
    wsHost: config.host,
    wsPort: config.port,
    wssPort: config.port,
    forceTLS: config.scheme === 'https',
    // Only our WebSocket: never a fallback to sockjs/xhr on Pusher's hosts.
    enabledTransports: ['ws', 'wss'],
    disableStats: true,
    ...PUSHER_TIMEOUTS,
    channelAuthorization: {
      transport: 'ajax',
      endpoint: 'broadcasting/auth',
      customHandler: ({ socketId, channelName }, callback) =>
        authHandler('auth')({ socket_id: socketId, channel_name: channelName }, callback),
    },
    userAuthentication: {
      transport: 'ajax',
      endpoint: 'broadcasting/user-auth',
      customHandler: ({ socketId }, callback) =>
        authHandler('user-auth')({ socket_id: socketId }, callback),
    },
  }
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

  constructor(private readonly deps: RealtimeDeps) {}

  async start(): Promise<void> {
    const generation = ++this.generation
    const PusherClass = await loadAgain(
      this.deps.loadPusher ?? defaultLoadPusher,
      () => generation !== this.generation,
    )
    if (!PusherClass || generation !== this.generation) return
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
    const channel: Channel = this.pusher.subscribe(name)
    channel.unbind_all()
    channel.bind('pusher:subscription_succeeded', () => {
      // The first success is the initial subscribe; any later one follows a drop: events may
      // have been missed while away, so refetch what this channel's rules show.
      if (this.subscribedOnce.has(name))
        applyResubscribe(this.deps.queryClient, this.deps.rules, name)
      this.subscribedOnce.add(name)
    })
    if (name.startsWith('presence-')) {
      const emit = () => {
        const list: PresenceMember[] = []
        const members = (channel as Channel & { members?: PresenceMembersLike }).members
        members?.each((m) => list.push({ id: String(m.id), info: m.info ?? {} }))
        this.members.set(name, list)
        for (const listener of this.presence.get(name) ?? []) listener(list)
      }
      channel.bind('pusher:subscription_succeeded', emit)
      channel.bind('pusher:member_added', emit)
      channel.bind('pusher:member_removed', emit)
    }
    channel.bind_global((event: string, data: unknown) => {
      if (event.startsWith('pusher:') || event.startsWith('pusher_internal:')) return
      for (const rule of this.deps.rules) {
        if (rule.event !== event) continue
        const params = matchChannel(rule, name)
        if (params) applyEvent(this.deps.queryClient, rule, params, data)
      }
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
    const onOnline = () => {
      // A socket that outlived the blip (nothing made it close) is live again as it is, if it
      // answers (checkAlive).
      const state = this.pusher?.connection.state
      if (state) this.setStatus(toStatus(state, this.everConnected))
      this.checkAlive()
    }
    const onOffline = () => this.setStatus('offline')
    const onVisible = () => {
      if (document.visibilityState === 'visible') this.checkAlive()
    }
    const onFocus = () => this.checkAlive()
    // A failed write (no answer, or a refusal such as a bid below a price we never heard of)
    // may mean the screen is stale because the socket is dead (decision 0049).
    const stopWrites = this.deps.queryClient.getMutationCache().subscribe((event) => {
      const action = event.type === 'updated' ? event.action.type : undefined
      if (action === 'failed' || action === 'error') this.checkAlive()
    })
    window.addEventListener('online', onOnline)
    window.addEventListener('offline', onOffline)
    window.addEventListener('focus', onFocus)
    document.addEventListener('visibilitychange', onVisible)
    this.cleanup.push(
      () => window.removeEventListener('online', onOnline),
      () => window.removeEventListener('offline', onOffline),
      () => window.removeEventListener('focus', onFocus),
      () => document.removeEventListener('visibilitychange', onVisible),
      stopWrites,
    )
  }
}

interface PresenceMembersLike {
  each(callback: (member: { id: unknown; info?: Record<string, unknown> }) => void): void
}

export function toStatus(state: string, everConnected: boolean): RealtimeStatus {
  if (state === 'connected') return 'live'
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return 'offline'
  if (state === 'connecting' || state === 'initialized' || state === 'unavailable') {
    return everConnected ? 'reconnecting' : 'connecting'
  }
  return 'offline'
}

async function defaultLoadPusher(): Promise<typeof Pusher> {
  const module = await import('pusher-js')
  return module.default
}
