/**
 * The wallet feature's public entry: what other features read of the signed-in member's money
 * (the lot room's "Available €X · this bid holds €Y"). Screens are not here: the routes load each
 * as its own chunk.
 */
export { useWallet, walletKey } from './api'
