/**
 * One app's replica of what the OTHER nodes hold: per node, per channel, its subscriber count and
 * (presence) members. Each node announces its own channels over Redis (cluster-link.ts); this is
 * the receiving end, kept in memory so subscribe, member lists and the HTTP API's channel queries
 * stay synchronous and never wait on Redis.
 */

export interface ChannelSnapshot {
  /** Sockets subscribed on that node. */
  subs: number
  /** Presence channels: user id → user_info (first socket's info wins, as locally). */
  members: Map<string, unknown> | undefined
}

/** What changed for one channel's presence when a node's snapshot was replaced. */
export interface PresenceChange {
  channel: string
  /** Users that node now has and did not before, with their info. */
  joined: Array<[string, unknown]>
  /** Users that node had and no longer has. */
  left: string[]
}

export class RemoteView {
  private readonly nodes = new Map<string, Map<string, ChannelSnapshot>>()

  get nodeCount(): number {
    return this.nodes.size
  }

  hasNode(nodeId: string): boolean {
    return this.nodes.has(nodeId)
  }

  /**
   * Replace one channel of one node; `undefined`, or no subscribers and no members, removes it.
   * (A node keeps announcing a member whose last socket left during its leave window.)
   */
  setChannel(nodeId: string, channel: string, snap: ChannelSnapshot | undefined): PresenceChange {
    let channels = this.nodes.get(nodeId)
    if (!channels) {
      channels = new Map()
      this.nodes.set(nodeId, channels)
    }
    const before = channels.get(channel)
    const held = snap && isHeld(snap) ? snap : undefined
    if (held) channels.set(channel, held)
    else channels.delete(channel)
    return diff(channel, before?.members, held?.members)
  }

  /** Replace everything a node holds (a full announcement); `undefined` forgets the node. */
  setNode(nodeId: string, next: Map<string, ChannelSnapshot> | undefined): PresenceChange[] {
    const before = this.nodes.get(nodeId) ?? new Map<string, ChannelSnapshot>()
    if (next) this.nodes.set(nodeId, next)
    else this.nodes.delete(nodeId)
    const after = next ?? new Map<string, ChannelSnapshot>()
    const changes: PresenceChange[] = []
    for (const name of new Set([...before.keys(), ...after.keys()])) {
      const change = diff(name, before.get(name)?.members, after.get(name)?.members)
      if (change.joined.length > 0 || change.left.length > 0) changes.push(change)
    }
    return changes
  }

  subscriptionCount(channel: string): number {
    let n = 0
    for (const channels of this.nodes.values()) n += channels.get(channel)?.subs ?? 0
    return n
  }

  /** True when some other node has `userId` in `channel` (optionally ignoring one node). */
  hasMember(channel: string, userId: string, exceptNode?: string): boolean {
    for (const [nodeId, channels] of this.nodes) {
      if (nodeId !== exceptNode && channels.get(channel)?.members?.has(userId)) return true
    }
    return false
  }

  /** Union of the other nodes' members of `channel` (the first node's info per user wins). */
  members(channel: string): Map<string, unknown> {
    const out = new Map<string, unknown>()
    for (const channels of this.nodes.values()) {
      for (const [id, info] of channels.get(channel)?.members ?? []) {
        if (!out.has(id)) out.set(id, info)
      }
    }
    return out
  }

  channelNames(): Set<string> {
    const out = new Set<string>()
    for (const channels of this.nodes.values()) for (const name of channels.keys()) out.add(name)
    return out
  }
}

/** A node holds a channel while it has subscribers or members (some may be in their leave window). */
export function isHeld(snap: ChannelSnapshot): boolean {
  return snap.subs > 0 || (snap.members?.size ?? 0) > 0
}

function diff(
  channel: string,
  before: Map<string, unknown> | undefined,
  after: Map<string, unknown> | undefined,
): PresenceChange {
  const joined: Array<[string, unknown]> = []
  const left: string[] = []
  for (const [id, info] of after ?? []) if (!before?.has(id)) joined.push([id, info])
  for (const id of before?.keys() ?? []) if (!after?.has(id)) left.push(id)
  return { channel, joined, left }
}
