import type { Wallet } from '../../../common/wallet'
import type { BridgeRule } from '../../realtime/bridge'
import { holdsKey, ledgerKey, walletKey } from './api'

/**
 * `wallet.updated` on `private-wallet.{userId}` carries the whole Wallet with its version: the
 * next version patches ['wallet'] in place; a jump (or a re-subscription after a drop) refetches
 * the wallet, its ledger and its holds, since entries or holds were missed.
 */
export const walletUpdatedRule: BridgeRule<Wallet, Wallet> = {
  channel: /^private-wallet\.(?<userId>[\w-]+)$/,
  event: 'wallet.updated',
  queryKey: () => walletKey,
  gapKeys: () => [walletKey, ledgerKey, holdsKey],
}

export const walletRules = [walletUpdatedRule]

export const walletChannel = (userId: string) => `private-wallet.${userId}`
