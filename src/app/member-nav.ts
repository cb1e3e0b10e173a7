import { useEffect, useSyncExternalStore } from 'react'
import { useOnline } from '../offline/online'

/**
 * The header's member-only pieces (MemberNav.tsx) are a chunk of their own: a guest's first visit,
 * most first visits, never runs them (decision 0045). A returning visit starts loading it at boot
 * from the worker's cache (src/main.tsx), so a member's header is whole on its first render; once
 * in, it renders directly, never through a suspense that would draw the header twice.
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

/**
 * The member's header pieces once their chunk is in, asked for while someone is signed in. A load
 * that failed is tried again when the connection returns; meanwhile the header has "Lots" and the
 * screens are all there by their addresses.
 */
export function useMemberNav(signedIn: boolean): MemberNavModule | undefined {
  const module = useSyncExternalStore(subscribe, current, current)
  const online = useOnline()
  useEffect(() => {
    if (!signedIn || module || !online) return
    loadMemberNav().catch((error: unknown) =>
      console.warn('The member links could not load', error),
    )
  }, [signedIn, module, online])
  return module
}
