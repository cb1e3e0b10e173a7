import { onlineManager } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'

/**
 * onlineManager starts "online" and only listens to online/offline events. navigator.onLine
 * is unreliable when it says true, but a `false` at startup is definite (an offline cold start
 * from the service worker), so seed that one case.
 */
export function seedOnlineState(): void {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false)
}

export function isOnline(): boolean {
  return onlineManager.isOnline()
}

const subscribe = (onChange: () => void) => onlineManager.subscribe(onChange)
const getSnapshot = () => onlineManager.isOnline()

/** Re-renders on every online/offline change React Query sees. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot)
}
