/** The lots repository: rows and mappers, reads, lists, writes and the scheduler's queries. */
export type { LotRow, LotView } from './lots/rows.ts'
export * from './lots/mappers.ts'
export * from './lots/reads.ts'
export * from './lots/writes.ts'
export * from './lots/schedule.ts'
export { decodeCursor, type LotCursor } from './lots/cursor.ts'
export * from './lots/list.ts'
