import type { PushSupport } from './support'

/**
 * When the app may offer alerts by itself (decision 0032): only right after the member's bid
 * went through — the moment "tell me if I'm outbid" is obviously worth it — and only once. Never
 * on load, never after the browser's own answer (granted, or denied: a denial is respected).
 */
export const ASKED_KEY = 'lotline.pushAsked'

export function shouldOfferAfterBid(state: {
  support: PushSupport
  configured: boolean
  permission: NotificationPermission
  asked: boolean
}): boolean {
  return (
    state.support === 'supported' &&
    state.configured &&
    state.permission === 'default' &&
    !state.asked
  )
}

export function wasAsked(): boolean {
  try {
    return localStorage.getItem(ASKED_KEY) !== null
  } catch {
    // Storage blocked: ask at most once per page instead (see rememberAsked).
    return askedThisPage
  }
}

let askedThisPage = false

/** Remembers the member's answer ('on' or 'later'); the Account section stays there either way. */
export function rememberAsked(answer: 'on' | 'later'): void {
  askedThisPage = true
  try {
    localStorage.setItem(ASKED_KEY, answer)
  } catch {
    // Private mode: this page's memory must do.
  }
}
