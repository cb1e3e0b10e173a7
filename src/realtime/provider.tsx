import {
  createContext,
  useCallback,
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
import { ClientSlot } from './client-slot'

/**
 * The slot the connection arrives in: the context's value never changes, so its arrival
 * re-renders nobody; each hook below follows the slot and re-renders only when what it shows
 * changes (decision 0062).
 */
const RealtimeContext = createContext<ClientSlot>(new ClientSlot())

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
  const [slot] = useState(() => new ClientSlot())
  const client = useSyncExternalStore(slot.subscribe, slot.get, noClient)

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
        // Into the slot: the screens' channels attach to it without a render of theirs (0062).
        slot.set(current)
        void current.start()
      })
    // Once the page has loaded and gone idle: the first screen's data was just fetched, and
    // pusher-js (the largest chunk after the first) then costs the first render nothing.
    const cancel = afterLoadAndIdle(connect)
    return () => {
      stopped = true
      cancel()
      current?.stop()
      slot.set(null)
    }
  }, [endpoint, queryClient, loadRules, onEnded, slot])

  useEffect(() => {
    client?.setUser(userId)
  }, [client, userId])

  return <RealtimeContext.Provider value={slot}>{children}</RealtimeContext.Provider>
}

const noClient = () => null

/** The app's connection, null until pusher-js has loaded; re-renders when it comes or goes. */
export function useRealtimeClient(): RealtimeClient | null {
  const slot = useContext(RealtimeContext)
  return useSyncExternalStore(slot.subscribe, slot.get, noClient)
}

/**
 * Runs `attach` with the connection while the calling component is mounted: now if there is one,
 * and again for each new one (the previous one's cleanup first), without rendering anything.
 * Pass a stable `attach` (useCallback) or it re-attaches on every render.
 */
export function useWithConnection(attach: (client: RealtimeClient) => () => void) {
  const slot = useContext(RealtimeContext)
  useEffect(() => slot.whileSet(attach), [slot, attach])
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
  const slot = useContext(RealtimeContext)
  const subscribe = useCallback(
    (changed: () => void) => slot.whileSet((client) => client.subscribeStatus(changed), changed),
    [slot],
  )
  return useSyncExternalStore(
    subscribe,
    () => select(slot.get()?.getStatus() ?? 'connecting'),
    // The server's render and the hydration of it: no connection yet (decision 0059).
    () => select('connecting'),
  )
}

/** Keeps `channel` subscribed while the calling component is mounted (null = none). */
export function useChannel(channel: string | null) {
  const attach = useCallback(
    (client: RealtimeClient) => (channel ? client.use(channel) : nothingToRelease),
    [channel],
  )
  useWithConnection(attach)
}

const nothingToRelease = () => undefined
