import 'fake-indexeddb/auto'
import { onlineManager } from '@tanstack/react-query'
import { cleanup } from '@testing-library/react'
import { afterEach, vi } from 'vitest'

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
