import {
  createContext,
  startTransition,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { configQuery } from '../api/config'
import { afterLoadAndIdle } from '../lib/idle'
import { loadAgain } from '../lib/load-again'
import type { AnyRule } from './bridge'
import type { RealtimeClient, RealtimeDeps, RealtimeStatus } from './connection'

const RealtimeContext = createContext<RealtimeClient | null>(null)

/**
 * Starts the app's one real-time connection once the runtime config is known, after first render,
 * and signs it in when a user is signed in. The connection code, pusher-js and the rules (which
 * pull in every feature's cache updates) are chunks loaded after the first paint: a first visit
 * on a phone renders without them (docs/decisions/0030-first-visit.md).
 */
export function RealtimeProvider({
  loadRules,
  userId,
  onEnded,
  children,
}: {
  /** The bridge's table; keep it stable (a new function restarts the connection). */
  loadRules: () => Promise<readonly AnyRule[]>
  userId: string | null
  /** See RealtimeDeps.onEnded; keep it stable (a new function restarts the connection). */
  onEnded?: RealtimeDeps['onEnded']
  children: ReactNode
}) {
  const queryClient = useQueryClient()
  const { data: config } = useQuery(configQuery)
  const realtime = config?.realtime
  // Restart only when the endpoint changes, not on every config refetch (serverTime changes).
  const endpoint = realtime ? JSON.stringify(realtime) : null
  const [client, setClient] = useState<RealtimeClient | null>(null)

  useEffect(() => {
    if (!endpoint) return
    let current: RealtimeClient | null = null
    let stopped = false
    const load = () => Promise.all([import('./connection'), loadRules()])
    const connect = () =>
      void loadAgain(load, () => stopped).then((loaded) => {
        if (!loaded || stopped) return
        const [{ RealtimeClient }, rules] = loaded
        current = new RealtimeClient({
          config: JSON.parse(endpoint),
          queryClient,
          rules,
          onEnded,
        })
        // Not urgent: the screens that use the connection redraw for it in a transition, in
        // slices, instead of in one blocking task right after a slow phone's hydration (0062).
        const started = current
        startTransition(() => setClient(started))
        void current.start()
      })
    // Once the page has loaded and gone idle: the first screen's data was just fetched, and
    // pusher-js (the largest chunk after the first) then costs the first render nothing.
    const cancel = afterLoadAndIdle(connect)
    return () => {
      stopped = true
      cancel()
      current?.stop()
      setClient(null)
    }
  }, [endpoint, queryClient, loadRules, onEnded])

  useEffect(() => {
    client?.setUser(userId)
  }, [client, userId])

  return <RealtimeContext.Provider value={client}>{children}</RealtimeContext.Provider>
}

const noop = () => () => undefined

/** The app's connection, null until pusher-js has loaded (for hooks in other modules). */
export function useRealtimeClient(): RealtimeClient | null {
  return useContext(RealtimeContext)
}

/** Live connection status for the indicator; 'connecting' until pusher-js has loaded. */
export function useRealtimeStatus(): RealtimeStatus {
  return useRealtimeStatusAs(same)
}

const same = (status: RealtimeStatus) => status

/**
 * What a component makes of the connection's status, re-rendered only when that changes: the
 * socket's 'connecting' → 'live' at every start left "is it live?" true, and still re-rendered a
 * whole list screen and each countdown on it, in one blocking task.
 */
export function useRealtimeStatusAs<T extends string | boolean>(
  select: (status: RealtimeStatus) => T,
): T {
  const client = useContext(RealtimeContext)
  return useSyncExternalStore(
    client?.subscribeStatus ?? noop,
    () => select(client ? client.getStatus() : 'connecting'),
    // The server's render and the hydration of it: no connection yet (decision 0059).
    () => select('connecting'),
  )
}

/** Keeps `channel` subscribed while the calling component is mounted (null = none). */
export function useChannel(channel: string | null) {
  const client = useContext(RealtimeContext)
  useEffect(() => {
    if (!client || !channel) return
    return client.use(channel)
  }, [client, channel])
}
