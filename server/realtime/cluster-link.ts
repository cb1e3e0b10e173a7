/**
 * Several nodes as one service, through Redis pub/sub (one bus channel per key prefix):
 * - events published on one node (HTTP API, client events, user sends) are relayed once to every
 *   other node, which fans the frame out to its own sockets;
 * - each node announces its channels (subscriber counts, presence members) when they change and
 *   in full when it (re)joins; every node keeps a replica (cluster-view.ts) so subscribe and the
 *   HTTP API's queries stay synchronous;
 * - heartbeats: a node not heard from for `nodeTimeoutMs` is dropped and its presence members
 *   leave (member_removed) on every other node;
 * - Redis down: publishes fail fast (no offline queue, so nothing stale is replayed later), local
 *   delivery goes on; when both connections are back the node re-announces itself and asks the
 *   others to do the same.
 */
import { randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'
import type { AppState } from './app-state.ts'
import type { ClusterPeers } from './cluster-peers.ts'
import {
  decodeBusMessage,
  encodeBusMessage,
  type BusHeader,
  type WireChannel,
} from './cluster-messages.ts'
import { RemoteView, isHeld, type ChannelSnapshot } from './cluster-view.ts'
import type { ClusterOptions, RealtimeLogger } from './options.ts'

export interface ClusterStatus {
  nodeId: string
  /** Both Redis connections are up and this node has announced itself. */
  connected: boolean
  /** Nodes known alive, this one included. */
  nodes: number
  /** Bus messages sent and received since start (for the bench). */
  sent: number
  received: number
}

export class ClusterLink {
  readonly nodeId = randomBytes(8).toString('hex')
  private readonly pub: Redis
  private readonly sub: Redis
  private readonly bus: string
  private readonly heartbeatMs: number
  private readonly nodeTimeoutMs: number
  private readonly lastSeen = new Map<string, number>()
  private readonly dirty = new Map<AppState, Set<string>>()
  private readonly views = new Map<AppState, RemoteView>()
  private flushScheduled = false
  private announced = false
  private rejoining = false
  private sent = 0
  private received = 0
  private timer: NodeJS.Timeout | undefined
  private lastErrorLog = 0

  constructor(
    private readonly apps: Map<string, AppState>,
    options: ClusterOptions,
    private readonly logger: RealtimeLogger,
  ) {
    this.bus = `${options.prefix ?? 'lotline:rt'}:bus`
    this.heartbeatMs = options.heartbeatMs ?? 5000
    this.nodeTimeoutMs = options.nodeTimeoutMs ?? 15_000
    // Fail fast while disconnected: an event queued during an outage would arrive late and out of
    // order; the full re-announcement on reconnect repairs the shared state instead.
    // Retry at least every second, so a returning Redis carries events again within about 1 s.
    const retryStrategy = (times: number) => Math.min(times * 100, 1000)
    this.pub = new Redis(options.redisUrl, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      retryStrategy,
    })
    this.sub = new Redis(options.redisUrl, { maxRetriesPerRequest: null, retryStrategy })
    for (const client of [this.pub, this.sub]) {
      client.on('error', (err: Error) => this.logError(err))
      client.on('ready', () => void this.rejoin())
      client.on('close', () => (this.announced = false))
    }
    this.sub.on('message', (_channel: string, message: string) => this.onMessage(message))
    for (const state of apps.values()) this.attach(state)
  }

  start(): void {
    this.timer = setInterval(() => this.tick(), this.heartbeatMs)
    this.timer.unref()
  }

  status(): ClusterStatus {
    let nodes = 1
    for (const id of this.lastSeen.keys()) if (this.knows(id)) nodes++
    return {
      nodeId: this.nodeId,
      connected: this.announced,
      nodes,
      sent: this.sent,
      received: this.received,
    }
  }

  async close(): Promise<void> {
    clearInterval(this.timer)
    if (this.announced) {
      await Promise.race([this.send({ t: 'bye', n: this.nodeId }), sleep(500)])
    }
    this.pub.disconnect()
    this.sub.disconnect()
  }

  private attach(state: AppState): void {
    const view = new RemoteView()
    this.views.set(state, view)
    const appId = state.app.id
    const peers: ClusterPeers = {
      view,
      channelChanged: (channel) => this.markDirty(state, channel),
      relayToChannel: (c, frame, x) =>
        void this.send({ t: 'ev', n: this.nodeId, a: appId, c, x }, frame),
      relayToUser: (u, frame, x) =>
        void this.send({ t: 'ev', n: this.nodeId, a: appId, u, x }, frame),
      relayTerminate: (u) => void this.send({ t: 'term', n: this.nodeId, a: appId, u }),
      status: () => this.status(),
    }
    state.peers = peers
  }

  /** Resolves either way: a failed publish is an outage, handled by the re-announcement. */
  private async send(header: BusHeader, frame?: string): Promise<void> {
    if (this.pub.status !== 'ready') return
    try {
      await this.pub.publish(this.bus, encodeBusMessage(header, frame))
      this.sent++
    } catch (err) {
      this.logError(err as Error)
    }
  }

  private logError(err: Error): void {
    // One line per outage-ish period, not one per failed publish.
    if (Date.now() - this.lastErrorLog < 10_000) return
    this.lastErrorLog = Date.now()
    this.logger.warn(
      { err: err.message },
      'realtime: cluster Redis unavailable, delivering locally',
    )
  }

  /** Both connections up: subscribe, announce everything we hold, ask the others for theirs. */
  private async rejoin(): Promise<void> {
    if (this.pub.status !== 'ready' || this.sub.status !== 'ready' || this.rejoining) return
    // Both connections' 'ready' can fire together; one announcement is enough.
    this.rejoining = true
    try {
      await this.sub.subscribe(this.bus)
      // Whatever we missed meanwhile comes back with their answers; nobody is timed out for the
      // silence we could not hear.
      const now = Date.now()
      for (const id of this.lastSeen.keys()) this.lastSeen.set(id, now)
      await this.announceFull()
      await this.send({ t: 'hello', n: this.nodeId })
      this.announced = true
      this.logger.info({ nodeId: this.nodeId }, 'realtime: joined the cluster')
    } catch (err) {
      this.logError(err as Error)
    } finally {
      this.rejoining = false
    }
  }

  private announceFull(): Promise<void> {
    const apps: Record<string, WireChannel[]> = {}
    for (const state of this.apps.values()) {
      apps[state.app.id] = [...state.channels.keys()].map((name) => wireChannel(state, name))
    }
    return this.send({ t: 'full', n: this.nodeId, apps })
  }

  private markDirty(state: AppState, channel: string): void {
    let set = this.dirty.get(state)
    if (!set) {
      set = new Set()
      this.dirty.set(state, set)
    }
    set.add(channel)
    if (this.flushScheduled) return
    this.flushScheduled = true
    // A burst of subscribes (a reconnect storm) becomes one message per app.
    setImmediate(() => this.flush())
  }

  private flush(): void {
    this.flushScheduled = false
    for (const [state, names] of this.dirty) {
      const l = [...names].map((name) => wireChannel(state, name))
      void this.send({ t: 'ch', n: this.nodeId, a: state.app.id, l })
    }
    this.dirty.clear()
  }

  private tick(): void {
    void this.send({ t: 'hb', n: this.nodeId })
    // Without our own connection we cannot tell a dead node from our outage.
    if (!this.announced) return
    const now = Date.now()
    for (const [id, seen] of this.lastSeen) {
      if (now - seen > this.nodeTimeoutMs) {
        this.logger.warn({ nodeId: id }, 'realtime: cluster node timed out, removing its members')
        this.dropNode(id)
      }
    }
  }

  private knows(nodeId: string): boolean {
    for (const view of this.views.values()) if (view.hasNode(nodeId)) return true
    return false
  }

  private dropNode(nodeId: string): void {
    this.lastSeen.delete(nodeId)
    for (const [state, view] of this.views) {
      for (const change of view.setNode(nodeId, undefined))
        state.applyRemotePresence(change, nodeId)
    }
  }

  private onMessage(message: string): void {
    const decoded = decodeBusMessage(message)
    if (!decoded || decoded.header.n === this.nodeId) return
    this.received++
    const { header, frame } = decoded
    if (header.t === 'bye') return this.dropNode(header.n)
    this.lastSeen.set(header.n, Date.now())
    switch (header.t) {
      case 'ev':
        return this.deliver(header, frame)
      case 'ch':
        return this.applyChannels(header.n, header.a, header.l)
      case 'full':
        return this.applyFull(header.n, header.apps)
      case 'hb':
        // A node we hold nothing for (it joined while we were away): ask it for its state.
        if (!this.knows(header.n)) void this.send({ t: 'hello', n: this.nodeId, to: header.n })
        return
      case 'hello':
        if (header.to === undefined || header.to === this.nodeId) void this.announceFull()
        return
      case 'term':
        return this.apps.get(header.a)?.closeUserLocally(header.u)
    }
  }

  private deliver(h: Extract<BusHeader, { t: 'ev' }>, frame: string): void {
    const state = this.apps.get(h.a)
    if (!state) return
    if (h.c !== undefined) state.publish(h.c, frame, h.x)
    else if (h.u !== undefined) state.publishToUser(h.u, frame, h.x)
  }

  private applyChannels(nodeId: string, appId: string, list: WireChannel[]): void {
    const state = this.apps.get(appId)
    const view = state && this.views.get(state)
    if (!state || !view) return
    for (const wire of list) {
      const change = view.setChannel(nodeId, wire[0], snapshot(wire))
      state.applyRemotePresence(change, nodeId)
    }
  }

  private applyFull(nodeId: string, apps: Record<string, WireChannel[]>): void {
    for (const [state, view] of this.views) {
      const channels = new Map<string, ChannelSnapshot>()
      for (const wire of apps[state.app.id] ?? []) {
        const snap = snapshot(wire)
        if (isHeld(snap)) channels.set(wire[0], snap)
      }
      for (const change of view.setNode(nodeId, channels)) state.applyRemotePresence(change, nodeId)
    }
  }
}

function wireChannel(state: AppState, name: string): WireChannel {
  const ch = state.channels.get(name)
  const subs = ch?.subscribers.size ?? 0
  if (!ch?.members) return [name, subs]
  return [name, subs, [...ch.members].map(([id, m]) => [id, m.info])]
}

function snapshot(wire: WireChannel): ChannelSnapshot {
  return { subs: wire[1], members: wire[2] ? new Map(wire[2]) : undefined }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
