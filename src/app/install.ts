import { useSyncExternalStore } from 'react'
import { changed, installState as state, subscribe } from './install-capture'

/**
 * The install offer (docs/decisions/0028-themes-and-install.md). Chromium fires
 * `beforeinstallprompt` once the app is installable, possibly before React mounts, so the event
 * is caught from main.tsx (install-capture.ts, in the entry) and kept until the person asks. Safari on iPhone has no such
 * event: there the offer is instructions (Share → Add to Home Screen).
 */
export type InstallOffer = 'none' | 'prompt' | 'ios'

const DISMISSED_KEY = 'lotline:install-dismissed'

export function isStandalone(): boolean {
  const nav = navigator as Navigator & { standalone?: boolean }
  return (
    nav.standalone === true ||
    (typeof matchMedia === 'function' && matchMedia('(display-mode: standalone)').matches)
  )
}

/** Safari on an iPhone or iPad (iPadOS says "Macintosh" but has touch). */
export function isIosSafari(
  userAgent = navigator.userAgent,
  touchPoints = navigator.maxTouchPoints,
) {
  const apple =
    /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && touchPoints > 1)
  // Other browsers on iOS (CriOS, FxiOS, EdgiOS) cannot add to the home screen the same way.
  return apple && /Safari/.test(userAgent) && !/CriOS|FxiOS|EdgiOS/.test(userAgent)
}

function wasDismissed(): boolean {
  try {
    return localStorage.getItem(DISMISSED_KEY) !== null
  } catch {
    return false
  }
}

export function currentOffer(): InstallOffer {
  if (state.installed || isStandalone() || wasDismissed()) return 'none'
  if (state.deferred) return 'prompt'
  return isIosSafari() ? 'ios' : 'none'
}

/** Shows the browser's install dialog; the event can be used once. */
export async function promptInstall(): Promise<'accepted' | 'dismissed'> {
  const event = state.deferred
  if (!event) return 'dismissed'
  state.deferred = undefined
  await event.prompt()
  const { outcome } = await event.userChoice
  if (outcome === 'accepted') state.installed = true
  changed()
  return outcome
}

/** "Not now": never offered again on this device. */
export function dismissInstall(): void {
  try {
    localStorage.setItem(DISMISSED_KEY, new Date().toISOString())
  } catch {
    // Storage blocked: hidden for this visit only.
    state.installed = true
  }
  changed()
}

export function useInstallOffer(): InstallOffer {
  return useSyncExternalStore(subscribe, currentOffer, () => 'none')
}
