/**
 * The auction rules, in one place: the client uses them to show the minimum next bid and to check a
 * bid before sending it, the API uses the same functions to decide. Pure functions only; money is
 * integer cents. This file is the public entry; each concern lives in common/auction/.
 */
export * from './auction/limits.ts'
export * from './auction/text.ts'
export * from './auction/shapes.ts'
export * from './auction/prices.ts'
export * from './auction/bidding.ts'
export * from './auction/soft-close.ts'
export * from './auction/holds.ts'
export * from './auction/lot-input.ts'
export * from './auction/ending.ts'
export * from './auction/finding.ts'
export * from './auction/pictures.ts'
