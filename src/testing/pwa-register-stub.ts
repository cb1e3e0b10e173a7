/**
 * Test stand-in for `virtual:pwa-register/react` (that module only exists inside a
 * vite-plugin-pwa build). vite.config.ts aliases it here when VITEST is set; tests drive it
 * through `pwaStub`.
 */
import { useCallback, useState } from 'react'
import type { RegisterSWOptions } from 'vite-plugin-pwa/types'

export const pwaStub = {
  needRefresh: false,
  offlineReady: false,
  options: null as RegisterSWOptions | null,
  updateCalls: 0,
  /** Times the app took note of "offline ready" (set it back to false): it has decided by then. */
  offlineReadyHandled: 0,
  reset() {
    this.needRefresh = false
    this.offlineReady = false
    this.options = null
    this.updateCalls = 0
    this.offlineReadyHandled = 0
  },
}

function capture(options: RegisterSWOptions): void {
  pwaStub.options = options
}

export function useRegisterSW(options: RegisterSWOptions = {}) {
  const [needRefresh, setNeedRefresh] = useState(pwaStub.needRefresh)
  const [offlineReady, setOfflineReady] = useState(pwaStub.offlineReady)
  // Stable, like the real hook's state setter (effects list it as a dependency).
  const noteOfflineReady = useCallback((value: boolean) => {
    if (!value) pwaStub.offlineReadyHandled++
    setOfflineReady(value)
  }, [])
  capture(options)
  return {
    needRefresh: [needRefresh, setNeedRefresh] as const,
    offlineReady: [offlineReady, noteOfflineReady] as const,
    updateServiceWorker: async () => {
      pwaStub.updateCalls++
    },
  }
}
