import type { AppState } from './app-state.ts'

/** What every handler of a client frame works with: the app and its per-connection limits. */
export interface MessageContext {
  state: AppState
  maxMessageBytes: number
  maxChannelsPerConnection: number
}
