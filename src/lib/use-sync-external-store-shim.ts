/**
 * wouter imports `use-sync-external-store/shim` for React 17; React 18+ has the hook itself, so
 * builds alias the shim to it (vite.config.ts) and keep the shim's code out of the entry.
 */
export { useSyncExternalStore } from 'react'
