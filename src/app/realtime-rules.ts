import type { AnyRule } from '../realtime/bridge'
import { lotRules } from '../features/lots/rules'
import { notificationRules } from '../features/notifications/rules'
import { orderRules } from '../features/orders/realtime'
import { orderMessageRules } from '../features/orders/messages/rules'
import { walletRules } from '../features/wallet/realtime'
import { moneyOutRules } from '../features/wallet/money-out/realtime'
import { showRules } from '../features/shows/rules'

/**
 * The bridge's table: every real-time event the app reacts to, and which cached query it patches.
 * Features export their rules; the app assembles them here (shared layers never import features).
 */
export const realtimeRules: readonly AnyRule[] = [
  ...walletRules,
  ...moneyOutRules,
  ...lotRules,
  ...notificationRules,
  ...orderRules,
  ...orderMessageRules,
  ...showRules,
]
