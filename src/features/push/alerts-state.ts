import type { BrowserSubscriptionState } from './browser'
import type { PushSupport } from './support'

/** What Account says about alerts on this device (decision 0032), in the order it is decided. */
export type AlertsState =
  | 'unsupported'
  | 'ios-home-screen'
  | 'checking'
  | 'config-failed'
  | 'unconfigured'
  | 'denied'
  | 'off'
  | 'on'

export function alertsState(input: {
  support: PushSupport
  /** undefined: not known yet; null: push is off on this server. */
  configured: boolean | undefined
  configFailed: boolean
  permission: NotificationPermission
  browser: BrowserSubscriptionState
}): AlertsState {
  if (input.support !== 'supported') return input.support
  if (input.configured === undefined) return input.configFailed ? 'config-failed' : 'checking'
  if (!input.configured) return 'unconfigured'
  // The browser's "no" is respected: explained, never asked again by the app.
  if (input.permission === 'denied') return 'denied'
  if (!input.browser.checked) return 'checking'
  return input.permission === 'granted' && input.browser.endpoint ? 'on' : 'off'
}
