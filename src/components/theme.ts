/**
 * The colour theme (docs/decisions/0028-themes-and-install.md). "system" follows
 * prefers-color-scheme through CSS alone; "light" and "dark" are a member's choice, kept on this
 * device and applied as `data-theme` on <html> before the first render. Choosing one is in
 * theme-choice.ts, with the Account screen that offers it.
 */
export const THEMES = ['system', 'light', 'dark'] as const
export type Theme = (typeof THEMES)[number]

export const THEME_STORAGE_KEY = 'lotline:theme'
/** Browser chrome colour per palette: the same as --ink in src/styles.css. */
const CHROME_COLOUR = { light: '#f6f4ee', dark: '#121420' } as const

function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value)
}

export function getTheme(): Theme {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY)
    return isTheme(stored) ? stored : 'system'
  } catch {
    return 'system' // storage blocked: the system's choice
  }
}

/** Puts the theme on the document: the attribute for CSS, the browser chrome colour. */
export function applyTheme(theme: Theme = getTheme()): void {
  const root = document.documentElement
  if (theme === 'system') delete root.dataset.theme
  else root.dataset.theme = theme
  // index.html has one theme-color per system scheme; a choice overrides both.
  for (const meta of document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')) {
    const own = (meta.getAttribute('media') ?? '').includes('light') ? 'light' : 'dark'
    meta.setAttribute('content', CHROME_COLOUR[theme === 'system' ? own : theme])
  }
}

/**
 * Keeps the document in step with the system (for "system") and with other tabs' choices.
 * Returns the clean-up.
 */
export function followThemeChanges(): () => void {
  const media =
    typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: light)') : null
  const onSystem = () => applyTheme()
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_STORAGE_KEY || event.key === null) applyTheme()
  }
  media?.addEventListener('change', onSystem)
  window.addEventListener('storage', onStorage)
  return () => {
    media?.removeEventListener('change', onSystem)
    window.removeEventListener('storage', onStorage)
  }
}
