/**
 * Catches Chromium's `beforeinstallprompt` from main.tsx, before React mounts (it may fire at
 * once), and keeps it for the install offer (install.ts, a chunk loaded after the first paint).
 */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

export const installState: { deferred?: InstallPromptEvent; installed: boolean } = {
  installed: false,
}
const listeners = new Set<() => void>()
export const changed = () => listeners.forEach((listener) => listener())

export function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function captureInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault() // our own offer instead of the browser's mini-infobar
    installState.deferred = event as InstallPromptEvent
    changed()
  })
  window.addEventListener('appinstalled', () => {
    installState.installed = true
    installState.deferred = undefined
    changed()
  })
}
