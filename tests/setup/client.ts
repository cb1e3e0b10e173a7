import 'fake-indexeddb/auto'
import { IDBFactory } from 'fake-indexeddb'
import { onlineManager } from '@tanstack/react-query'
import { cleanup } from '@testing-library/react'
import { afterEach, beforeAll, vi } from 'vitest'

// Files share a worker and its DOM (isolate: false in vitest.config.ts, for speed); each file
// still gets the app's modules fresh, so state one file leaves in a module (the server clock
// offset, a cache) never reaches the next.
vi.resetModules()
// Likewise an empty IndexedDB (the offline queue, saved answers) for every file.
globalThis.indexedDB = new IDBFactory()
const { addMessages, loadLanguage } = await import('../../src/i18n')
const { moreEn } = await import('../../src/i18n/more')

// The app loads a non-English dictionary before its first render (src/main.tsx); screens under
// test are rendered without main.tsx, so Spanish is loaded here (src/i18n/i18n.test.ts tests the
// loading itself on a fresh module).
beforeAll(() => loadLanguage('es'))
// jsdom has no requestIdleCallback: "idle" is the next task here (src/app/useAfterLoad.ts).
if (typeof window !== 'undefined' && typeof window.requestIdleCallback !== 'function') {
  window.requestIdleCallback = (work) =>
    window.setTimeout(() => work({ didTimeout: false, timeRemaining: () => 50 }), 0)
  window.cancelIdleCallback = (id) => window.clearTimeout(id)
}
// Likewise the English of the screens after the first (a chunk the app loads with them).
addMessages(moreEn, true)

afterEach(() => {
  cleanup()
  onlineManager.setOnline(true)
  vi.unstubAllGlobals()
  vi.useRealTimers()
  try {
    localStorage.clear()
    sessionStorage.clear()
  } catch {
    // not a DOM environment
  }
})
