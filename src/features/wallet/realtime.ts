import type { TopUp, Wallet } from '../../../common/wallet'
import { CHANNEL_PATTERNS, EVENTS, walletChannel } from '../../../common/wire'
import type { BridgeRule } from '../../realtime/bridge'
import { holdsKey, ledgerKey, topUpKey, walletKey } from './api'

/**
 * `wallet.updated` on `private-wallet.{userId}` carries the whole Wallet with its version: the
 * next version patches ['wallet'] in place; a jump (or a re-subscription after a drop) refetches
 * the wallet, its ledger and its holds, since entries or holds were missed.
 */
export const walletUpdatedRule: BridgeRule<Wallet, Wallet> = {
  channel: CHANNEL_PATTERNS.wallet,
  event: EVENTS.walletUpdated,
  queryKey: () => walletKey,
  gapKeys: () => [walletKey, ledgerKey, holdsKey],
}

/**
 * `top_up.updated` on the same channel: a top-up changed without a wallet change (refunded over
 * the cap, decision 0017) — the top-up screen showing it refetches it.
 */
export const topUpUpdatedRule: BridgeRule<TopUp, unknown> = {
  channel: CHANNEL_PATTERNS.wallet,
  event: EVENTS.topUpUpdated,
  queryKey: (topUp) => topUpKey(topUp.id),
  invalidate: true,
  prefix: true,
}

export const walletRules = [walletUpdatedRule, topUpUpdatedRule]

export { walletChannel }
