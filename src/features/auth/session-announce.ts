import { SESSION_CHANNEL, type SessionChange } from './session-channel'

/** Tells the browser's other windows that this one signed in or out (session-channel.ts). */
export function announceSessionChange(change: SessionChange): void {
  if (typeof BroadcastChannel === 'undefined') return
  const channel = new BroadcastChannel(SESSION_CHANNEL)
  channel.postMessage(change)
  channel.close()
}
