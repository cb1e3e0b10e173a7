/**
 * Test stand-in for `virtual:pwa-register/react` (that module only exists inside a
 * vite-plugin-pwa build). vite.config.ts aliases it here when VITEST is set; tests drive it
 * through `pwaStub`.
 */
import { useState } from 'react'
import type { RegisterSWOptions } from 'vite-plugin-pwa/types'

export const pwaStub = {
  needRefresh: false,
  offlineReady: false,
  options: null as RegisterSWOptions | null,
  updateCalls: 0,
  reset() {
    this.needRefresh = false
    this.offlineReady = false
    this.options = null
    this.updateCalls = 0
  },
}

function capture(options: RegisterSWOptions): void {
  pwaStub.options = options
}

export function useRegisterSW(options: RegisterSWOptions = {}) {
  const [needRefresh, setNeedRefresh] = useState(pwaStub.needRefresh)
  const [offlineReady, setOfflineReady] = useState(pwaStub.offlineReady)
  capture(options)
  return {
    needRefresh: [needRefresh, setNeedRefresh] as const,
    offlineReady: [offlineReady, setOfflineReady] as const,
    updateServiceWorker: async () => {
      pwaStub.updateCalls++
    },
  }
}
