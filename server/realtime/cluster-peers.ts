import type { ClusterStatus } from './cluster-link.ts'
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
