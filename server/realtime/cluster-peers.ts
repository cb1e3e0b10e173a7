/**
 * What a node's state (app-state.ts) and the cluster link (cluster-link.ts) say to each other,
 * apart from both so that neither imports the other (no import cycles, docs/architecture.md).
 */
import type { RemoteView } from './cluster-view.ts'

/**
 * The other nodes, when the service runs as a cluster (cluster-link.ts); absent on a single node,
 * where every method below behaves exactly as before (one `undefined` check on the hot path).
 */
export interface ClusterPeers {
  readonly view: RemoteView
  /** A local channel's subscribers or members changed: announce it (coalesced per tick). */
  channelChanged(channel: string): void
  relayToChannel(channel: string, frame: string, exceptSocketId: string | undefined): void
  relayToUser(userId: string, frame: string, exceptSocketId: string | undefined): void
  relayTerminate(userId: string): void
  status(): ClusterStatus
}

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
