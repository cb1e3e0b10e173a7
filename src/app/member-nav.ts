import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState, useSyncExternalStore } from 'react'
import { meKey } from '../features/auth/api'
import { useOnline } from '../offline/online'

/**
 * The header's member-only pieces (MemberNav.tsx) are a chunk of their own: a guest's first visit,
 * most first visits, never runs them (decision 0045). A returning visit starts loading it at boot
 * from the worker's cache (src/main.tsx), the sign-in screens while the visitor signs in, and the
 * boot waits for it (bounded) when someone is signed in: a member's header is whole on its first
 * render, never "Lots" alone and then the rest. Once in, it renders directly, never through a
 * suspense that would draw the header twice.
 */
type MemberNavModule = typeof import('./MemberNav')

let loaded: MemberNavModule | undefined
let pending: Promise<MemberNavModule> | undefined
const listeners = new Set<() => void>()

/** Loads the chunk once; a failed load (offline, never cached) may be tried again. */
export function loadMemberNav(): Promise<MemberNavModule> {
  pending ??= import('./MemberNav').then(
    (module) => {
      loaded = module
      for (const listener of listeners) listener()
      return module
    },
    (error: unknown) => {
      pending = undefined
      throw error
    },
  )
  return pending
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

const current = () => loaded

/** Longest the boot waits for a member's header chunk before rendering without it. */
const BOOT_WAIT_MS = 3000

/**
 * For the boot's gate (providers.tsx): false while someone is signed in and the chunk is on its
 * way, once `settled` (the saved cache restored and the first screen's data in, so who is signed
 * in is known). True at once for a guest; true after BOOT_WAIT_MS or a failed load regardless; and
 * true for good once it has been.
 */
export function useMemberNavReady(settled: boolean): boolean {
  const client = useQueryClient()
  const signedIn = settled && Boolean(client.getQueryData(meKey))
  const module = useSyncExternalStore(subscribe, current, current)
  const [gaveUp, setGaveUp] = useState(false)
  // Only the boot waits: once open, a later sign-in must never close the gate on the app.
  const [opened, setOpened] = useState(false)
  const ready = !signedIn || module !== undefined || gaveUp
  if (settled && ready && !opened) setOpened(true) // React's "adjust state while rendering"
  useEffect(() => {
    if (opened || !signedIn || module) return
    const timer = setTimeout(() => setGaveUp(true), BOOT_WAIT_MS)
    loadMemberNav().catch(() => setGaveUp(true))
    return () => clearTimeout(timer)
  }, [opened, signedIn, module])
  return opened || ready
}

/**
 * The member's header pieces once their chunk is in, asked for while `wanted` (someone is signed
 * in, or is signing in). A load that failed is tried again when the connection returns; meanwhile
 * the header has "Lots" and the screens are all there by their addresses.
 */
export function useMemberNav(wanted: boolean): MemberNavModule | undefined {
  const module = useSyncExternalStore(subscribe, current, current)
  const online = useOnline()
  useEffect(() => {
    if (!wanted || module || !online) return
    loadMemberNav().catch((error: unknown) =>
      console.warn('The member links could not load', error),
    )
  }, [wanted, module, online])
  return module
}
