/** The lots API as the rest of the lots feature uses it: keys, cache patches, queries, mutations. */
export * from './keys'
export * from './cache'
export * from './queries'
export * from './mutations'
export * from './show'
