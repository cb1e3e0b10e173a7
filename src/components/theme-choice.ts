import { useSyncExternalStore } from 'react'
import { applyTheme, getTheme, THEME_STORAGE_KEY, type Theme } from './theme'

/**
 * Choosing the theme (docs/decisions/0028-themes-and-install.md), and reading which palette shows:
 * only the Account screen and the card form (Stripe's colours) do, so this stays out of the code
 * every first visit runs.
 */
const listeners = new Set<() => void>()

export function setTheme(theme: Theme): void {
  try {
    if (theme === 'system') localStorage.removeItem(THEME_STORAGE_KEY)
    else localStorage.setItem(THEME_STORAGE_KEY, theme)
  } catch {
    // Not kept (storage blocked), but still applied for this visit.
  }
  applyTheme(theme)
  listeners.forEach((listener) => listener())
}

/** The choice here, or another tab's (a storage event; theme.ts applies it to the document). */
function subscribe(listener: () => void) {
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_STORAGE_KEY || event.key === null) listener()
  }
  listeners.add(listener)
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, getTheme, () => 'system')
}

function systemPrefersLight(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: light)').matches
}

/** Which palette is showing now (the card form gives Stripe's fields the same colours). */
export function effectivePalette(theme: Theme = getTheme()): 'light' | 'dark' {
  if (theme !== 'system') return theme
  return systemPrefersLight() ? 'light' : 'dark'
}
