/** The bids repository: history, the bid context, the wallet-locking read and the batch write. */
export * from './bids/history.ts'
export { bidContext, type BidContext } from './bids/context.ts'
export * from './bids/lock-wallets.ts'
export * from './bids/record.ts'
