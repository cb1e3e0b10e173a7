/**
 * In-memory registry for one app: sockets, channels, presence members and signed-in users, plus
 * fan-out. Everything that changes membership lives here so unsubscribe, disconnect, pong timeout
 * and terminate all share one cleanup path (the usual source of "ghost" presence members).
 */
import type { Connection, SignedInUser } from './connection.ts'
import type { RealtimeApp } from './options.ts'
import { channelKind } from './names.ts'
import { prepareFrame } from './frames.ts'
import { Codes, memberAdded, memberRemoved } from './protocol.ts'
import type { PresenceChange } from './cluster-view.ts'
import type { ChannelState, PresenceJoin, PresenceMember } from './channel-state.ts'
import type { ClusterPeers } from './cluster-peers.ts'

export class AppState {
  readonly connections = new Map<string, Connection>()
  readonly channels = new Map<string, ChannelState>()
  readonly users = new Map<string, Set<Connection>>()
  peers: ClusterPeers | undefined
  /** Events handed to this node's sockets (from its HTTP API, client events or another node). */
  eventsIn = 0
  /** Frames written to this node's sockets. */
  deliveriesOut = 0
  /** Set by startSubscriptionCounts: which channels' new subscribers are owed a count. */
  counted: ((channel: string) => boolean) | undefined
  /** Sockets refused by the per-address cap. */
  refusedByAddressCap = 0
  /** subscribe/unsubscribe/ping messages refused by a socket's budget (control-budget.ts). */
  messagesRefusedOverBudget = 0

  constructor(
    readonly app: RealtimeApp,
    private readonly maxPresenceMembers: number,
    /** Told how long each fan-out took and to how many sockets (the host's metrics). */
    private readonly onFanOut?: (seconds: number, sockets: number) => void,
    /** How long a member without sockets stays listed (0: member_removed at once). */
    private readonly presenceLeaveWindowMs = 0,
  ) {}

  /** Presence members on this node, counted once per user and channel. */
  presenceMembers(): number {
    let count = 0
    for (const ch of this.channels.values()) count += ch.members?.size ?? 0
    return count
  }

  addConnection(conn: Connection): void {
    this.connections.set(conn.socketId, conn)
  }

  /** Drop a socket from everything: channels (with member_removed), user index, socket table. */
  removeConnection(conn: Connection): void {
    for (const name of [...conn.channels.keys()]) this.unsubscribe(conn, name)
    if (conn.user) this.removeUserSocket(conn.user.id, conn)
    this.connections.delete(conn.socketId)
  }

  private channel(name: string): ChannelState {
    let ch = this.channels.get(name)
    if (!ch) {
      const kind = channelKind(name)
      ch = {
        name,
        kind,
        subscribers: new Set(),
        members: kind === 'presence' ? new Map() : undefined,
      }
      this.channels.set(name, ch)
    }
    return ch
  }

  subscribe(conn: Connection, name: string): void {
    const ch = this.channel(name)
    ch.subscribers.add(conn)
    if (this.counted?.(name)) (ch.countOwed ??= new Set()).add(conn)
    conn.channels.set(name, undefined)
    this.peers?.channelChanged(name)
  }

  /**
   * Join a presence channel as `userId`. member_added goes to the *other* sockets only when this is
   * the user's first socket in the channel; the first socket's user_info wins while it stays.
   */
  joinPresence(conn: Connection, name: string, userId: string, info: unknown): PresenceJoin {
    const ch = this.channel(name)
    const members = ch.members ?? new Map<string, PresenceMember>()
    ch.members = members
    let member = members.get(userId)
    const remote = this.peers?.view.members(name)
    if (
      !member &&
      !remote?.has(userId) &&
      this.memberCount(members, remote) >= this.maxPresenceMembers
    ) {
      this.forgetIfVacant(ch)
      return { ok: false, reason: 'member_limit' }
    }
    const isNewMember = !member && !remote?.has(userId)
    if (member?.leaving) {
      // Back within the leave window: the room never saw it go, so it sees nothing now.
      clearTimeout(member.leaving)
      member.leaving = undefined
    }
    if (!member) {
      member = { info: remote?.get(userId) ?? info, sockets: new Set() }
      members.set(userId, member)
    }
    member.sockets.add(conn)
    ch.subscribers.add(conn)
    conn.channels.set(name, userId)
    this.peers?.channelChanged(name)
    if (isNewMember) this.publish(name, memberAdded(name, userId, info), conn.socketId)
    const all = new Map<string, unknown>(remote)
    for (const [id, m] of members) all.set(id, m.info)
    return { ok: true, members: all }
  }

  private memberCount(
    local: Map<string, PresenceMember>,
    remote: Map<string, unknown> | undefined,
  ) {
    let n = local.size
    for (const id of remote?.keys() ?? []) if (!local.has(id)) n++
    return n
  }

  unsubscribe(conn: Connection, name: string): void {
    if (!conn.channels.has(name)) return
    const userId = conn.channels.get(name)
    conn.channels.delete(name)
    const ch = this.channels.get(name)
    if (!ch) return
    ch.subscribers.delete(conn)
    ch.countOwed?.delete(conn)
    const member = userId === undefined ? undefined : ch.members?.get(userId)
    if (member && userId !== undefined) {
      member.sockets.delete(conn)
      if (member.sockets.size === 0) this.startLeaving(ch, userId, member)
    }
    this.forgetIfVacant(ch)
    this.peers?.channelChanged(name)
  }

  /**
   * A member's last socket left. It stays listed (here and in this node's announcements) for the
   * leave window, so a leave-and-rejoin within it — churn, a quick reconnect — shows the room,
   * on every node, nothing (docs/decisions/0048-realtime-abuse-limits.md).
   */
  private startLeaving(ch: ChannelState, userId: string, member: PresenceMember): void {
    if (this.presenceLeaveWindowMs === 0) return this.leave(ch, userId)
    member.leaving = setTimeout(() => {
      member.leaving = undefined
      if (this.channels.get(ch.name) !== ch || member.sockets.size > 0) return
      this.leave(ch, userId)
      this.forgetIfVacant(ch)
      this.peers?.channelChanged(ch.name)
    }, this.presenceLeaveWindowMs)
    member.leaving.unref()
  }

  /** The member is gone from this node: the room hears it unless another node still has it. */
  private leave(ch: ChannelState, userId: string): void {
    ch.members?.delete(userId)
    if (!this.peers?.view.hasMember(ch.name, userId)) {
      this.publish(ch.name, memberRemoved(ch.name, userId))
    }
  }

  /** Channels with neither subscribers nor members still leaving are forgotten. */
  private forgetIfVacant(ch: ChannelState): void {
    if (ch.subscribers.size === 0 && !ch.members?.size) this.channels.delete(ch.name)
  }

  /** On shutdown, once every socket is gone: no leave window outlives the server. */
  dispose(): void {
    for (const ch of this.channels.values()) {
      for (const member of ch.members?.values() ?? []) clearTimeout(member.leaving)
    }
    this.channels.clear()
  }

  /**
   * Another node's members of `change.channel` changed: tell the local subscribers about users who
   * appeared in or left the whole cluster (a user still present elsewhere is no news).
   */
  applyRemotePresence(change: PresenceChange, nodeId: string): void {
    const local = this.channels.get(change.channel)?.members
    const view = this.peers?.view
    for (const [id, info] of change.joined) {
      if (local?.has(id) || view?.hasMember(change.channel, id, nodeId)) continue
      this.publish(change.channel, memberAdded(change.channel, id, info))
    }
    for (const id of change.left) {
      if (local?.has(id) || view?.hasMember(change.channel, id)) continue
      this.publish(change.channel, memberRemoved(change.channel, id))
    }
  }

  /** Sockets on a channel across the cluster. */
  subscriptionCount(name: string): number {
    const local = this.channels.get(name)?.subscribers.size ?? 0
    return this.peers ? local + this.peers.view.subscriptionCount(name) : local
  }

  /** A presence channel's distinct users across the cluster. */
  memberIds(name: string): string[] {
    const local = this.channels.get(name)?.members
    if (!this.peers) return [...(local?.keys() ?? [])]
    const ids = new Set(local?.keys())
    for (const id of this.peers.view.members(name).keys()) ids.add(id)
    return [...ids]
  }

  /** Channels with at least one subscriber on some node. */
  occupiedChannels(): Iterable<string> {
    if (!this.peers) return this.channels.keys()
    const names = this.peers.view.channelNames()
    for (const name of this.channels.keys()) names.add(name)
    return names
  }

  signIn(conn: Connection, user: SignedInUser): void {
    conn.user = user
    let set = this.users.get(user.id)
    if (!set) {
      set = new Set()
      this.users.set(user.id, set)
    }
    set.add(conn)
  }

  private removeUserSocket(userId: string, conn: Connection): void {
    const set = this.users.get(userId)
    if (!set) return
    set.delete(conn)
    if (set.size === 0) this.users.delete(userId)
  }

  /** An event that originates here (HTTP API, client event): local sockets, then the other nodes. */
  broadcast(name: string, frame: string, exceptSocketId?: string): number {
    this.peers?.relayToChannel(name, frame, exceptSocketId)
    return this.publish(name, frame, exceptSocketId)
  }

  broadcastToUser(userId: string, frame: string, exceptSocketId?: string): number {
    this.peers?.relayToUser(userId, frame, exceptSocketId)
    return this.publishToUser(userId, frame, exceptSocketId)
  }

  /** `terminate_connections`: this node's sockets of the user, and every other node's. */
  terminateUser(userId: string): void {
    this.peers?.relayTerminate(userId)
    this.closeUserLocally(userId)
  }

  /** 4009: the app kicked this user; pusher-js must not silently reconnect. */
  closeUserLocally(userId: string): void {
    for (const conn of [...(this.users.get(userId) ?? [])]) {
      conn.close(Codes.UNAUTHORIZED, 'You got disconnected by the app')
    }
  }

  /**
   * Fan a serialized frame out to a channel's subscribers. It is encoded and framed once
   * (frames.ts); each socket then costs one write.
   * Returns the number of sockets written to.
   */
  publish(name: string, frame: string, exceptSocketId?: string): number {
    const ch = this.channels.get(name)
    if (!ch || ch.subscribers.size === 0) return 0
    return this.fanOut(ch.subscribers, frame, exceptSocketId)
  }

  /** `#server-to-user-{id}`: routed by signed-in user, not by channel membership (as soketi). */
  publishToUser(userId: string, frame: string, exceptSocketId?: string): number {
    const set = this.users.get(userId)
    if (!set) return 0
    return this.fanOut(set, frame, exceptSocketId)
  }

  private fanOut(targets: Set<Connection>, frame: string, exceptSocketId?: string): number {
    const started = this.onFanOut ? performance.now() : 0
    const prepared = prepareFrame(frame)
    let sent = 0
    // Copy first: a send may close a slow socket, which mutates the set we iterate.
    for (const conn of [...targets]) {
      if (conn.socketId === exceptSocketId) continue
      conn.sendPrepared(prepared)
      sent++
    }
    this.eventsIn++
    this.deliveriesOut += sent
    const report = this.onFanOut
    // The writes leave at the end of this turn (frames.ts); the last socket's wait ends there.
    if (report) setImmediate(() => report((performance.now() - started) / 1000, sent))
    return sent
  }
}
