import type Pusher from 'pusher-js'
import type { RuntimeConfig } from '../../common/config'

/** POST to /broadcasting/{path} with `body`: the service's signature for a channel or a user. */
export type Authorize = (
  path: 'auth' | 'user-auth',
  body: Record<string, string>,
) => Promise<unknown>

/** Fixed facts (docs/product.md §1): set explicitly, not left to pusher-js defaults. */
export const PUSHER_TIMEOUTS = {
  activityTimeout: 120_000,
  pongTimeout: 30_000,
  unavailableTimeout: 10_000,
} as const

/** pusher-js's options for our own service (docs/architecture.md), signing through `authorize`. */
export function pusherOptions(
  config: RuntimeConfig['realtime'],
  authorize: Authorize,
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
