import 'fake-indexeddb/auto'
import { onlineManager } from '@tanstack/react-query'
import { cleanup } from '@testing-library/react'
import { afterEach, beforeAll, vi } from 'vitest'
import { loadLanguage } from '../../src/i18n'

// The app loads a non-English dictionary before its first render (src/main.tsx); screens under
// test are rendered without main.tsx, so Spanish is loaded here (src/i18n/i18n.test.ts tests the
// loading itself on a fresh module).
beforeAll(() => loadLanguage('es'))

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
