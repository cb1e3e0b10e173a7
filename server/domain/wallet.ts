/** A wallet as the commands decide on it: the locked row's version, and the wallet they answer. */
import type { Wallet } from '../../common/wallet.ts'

/** A wallet row read under its lock (`lockWallets`), with its owner's public alias. */
export interface LockedWallet {
  userId: string
  /** The locked row's version (always the latest). */
  version: number
  alias: string
}

export function toWallet(
  state: { balance: number; held: number; pending: number; version: number },
  currency: string,
): Wallet {
  return {
    balance: state.balance,
    held: state.held,
    available: state.balance - state.held,
    pending: state.pending,
    currency,
    version: state.version,
  }
}
