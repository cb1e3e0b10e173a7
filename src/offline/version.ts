/**
 * Version of the *shape* of what we persist. Bump it when a query's data shape or a queued
 * mutation's variables change incompatibly. Deliberately not the build id: a mismatch removes
 * the whole persisted client, including queued offline mutations (docs/decisions/0002).
 */
export const CACHE_SCHEMA_VERSION = 'lotline-cache-1'
