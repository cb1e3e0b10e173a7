import { useSyncExternalStore } from 'react'

/**
 * When and where the install offer (docs/decisions/0028-themes-and-install.md) is worth showing
 * (issue 32): once a person has shown interest — a bid, a watch, or a second visit — and in the
 * place the lot list keeps for it near its top, not after every card. The list (a feature) gives
 * the place, the offer (src/app/InstallPrompt.tsx) fills it: this store sits between them.
 */
const INTEREST_KEY = 'lotline:interest'
const VISITS_KEY = 'lotline:visits'
/** Set for this tab's session once it has been counted: a reload is not a second visit. */
const COUNTED_KEY = 'lotline:visit-counted'

let interested: boolean | undefined
let place: HTMLElement | null = null
const listeners = new Set<() => void>()
const changed = () => listeners.forEach((listener) => listener())

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

/** Reads (and, once per session, counts) the visits; true after a bid, a watch or a 2nd visit. */
export function hasShownInterest(): boolean {
  if (interested !== undefined) return interested
  try {
    let visits = Number(localStorage.getItem(VISITS_KEY)) || 0
    if (sessionStorage.getItem(COUNTED_KEY) === null) {
      sessionStorage.setItem(COUNTED_KEY, '1')
      visits += 1
      localStorage.setItem(VISITS_KEY, String(visits))
    }
    interested = visits >= 2 || localStorage.getItem(INTEREST_KEY) !== null
  } catch {
    interested = false
  }
  return interested
}

/** A bid or a watch: the person cares about lots here. */
export function noteInterest(): void {
  try {
    localStorage.setItem(INTEREST_KEY, new Date().toISOString())
  } catch {
    // Storage blocked: interested for this page only.
  }
  if (interested !== true) {
    interested = true
    changed()
  }
}

/** The list's place for the offer (a ref callback), or null when it is gone. */
export function setInstallPlace(element: HTMLElement | null): void {
  if (place === element) return
  place = element
  changed()
}

/** Where the offer goes now: the list's place once the person has shown interest, else null. */
export function useInstallPlace(): HTMLElement | null {
  return useSyncExternalStore(
    subscribe,
    () => (hasShownInterest() ? place : null),
    () => null,
  )
}
