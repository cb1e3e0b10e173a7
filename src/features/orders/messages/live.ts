import { walletChannel } from '../../../../common/wire'
import { useChannel } from '../../../realtime/provider'
import { useMe } from '../../auth'

/**
 * Keeps the member's threads and badge live: follows their private wallet channel, where
 * `order.message` arrives (src/app/realtime-rules.ts routes it to the cache: rules.ts). Mounted
 * once by the app shell; harmless beside the wallet link's own subscription to the same channel.
 */
export function useOrderMessagesLive(): void {
  const me = useMe()
  useChannel(me.data ? walletChannel(me.data.id) : null)
}
