/**
 * In-memory registry for one app: sockets, channels, presence members and signed-in users, plus
 * fan-out. Everything that changes membership lives here so unsubscribe, disconnect, pong timeout
 * and terminate all share one cleanup path (the usual source of "ghost" presence members).
 */
import type { Connection, SignedInUser } from './connection.ts'
import type { RealtimeApp } from './options.ts'
import { channelKind, type ChannelKind } from './names.ts'
import { prepareFrame } from './frames.ts'
import { memberAdded, memberRemoved } from './protocol.ts'

export interface PresenceMember {
  info: unknown
  sockets: Set<Connection>
}

export interface ChannelState {
  name: string
  kind: ChannelKind
  subscribers: Set<Connection>
  /** Presence channels only: one entry per user id, however many sockets that user has. */
  members: Map<string, PresenceMember> | undefined
}

export type PresenceJoin =
  { ok: true; members: Map<string, PresenceMember> } | { ok: false; reason: 'member_limit' }

export class AppState {
  readonly connections = new Map<string, Connection>()
  readonly channels = new Map<string, ChannelState>()
  readonly users = new Map<string, Set<Connection>>()

  constructor(
    readonly app: RealtimeApp,
    private readonly maxPresenceMembers: number,
  ) {}

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
    this.channel(name).subscribers.add(conn)
    conn.channels.set(name, undefined)
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
    if (!member && members.size >= this.maxPresenceMembers) {
      if (ch.subscribers.size === 0) this.channels.delete(name)
      return { ok: false, reason: 'member_limit' }
    }
    const isNewMember = !member
    if (!member) {
      member = { info, sockets: new Set() }
      members.set(userId, member)
    }
    member.sockets.add(conn)
    ch.subscribers.add(conn)
    conn.channels.set(name, userId)
    if (isNewMember) this.publish(name, memberAdded(name, userId, info), conn.socketId)
    return { ok: true, members }
  }

  unsubscribe(conn: Connection, name: string): void {
    if (!conn.channels.has(name)) return
    const userId = conn.channels.get(name)
    conn.channels.delete(name)
    const ch = this.channels.get(name)
    if (!ch) return
    ch.subscribers.delete(conn)
    if (ch.members && userId !== undefined) {
      const member = ch.members.get(userId)
      if (member) {
        member.sockets.delete(conn)
        if (member.sockets.size === 0) {
          ch.members.delete(userId)
          this.publish(name, memberRemoved(name, userId))
        }
      }
    }
    // Vacated channels are forgotten so the channel table only lists occupied channels.
    if (ch.subscribers.size === 0) this.channels.delete(name)
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
    const prepared = prepareFrame(frame)
    let sent = 0
    // Copy first: a send may close a slow socket, which mutates the set we iterate.
    for (const conn of [...targets]) {
      if (conn.socketId === exceptSocketId) continue
      conn.sendPrepared(prepared)
      sent++
    }
    return sent
  }
}
