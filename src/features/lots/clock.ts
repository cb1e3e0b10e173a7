import { useSyncExternalStore } from 'react'
import { firstRenderHints } from '../../../common/first-render'

/**
 * Server clock correction for countdowns (docs/product.md §6: "correct countdowns by server time").
 * offset = serverTime − local time when a response carrying `serverTime` arrived; a countdown
 * shows endsAt − (Date.now() + offset), so a phone whose clock is off still shows the real end.
 */
let offsetMs = 0

export function noteServerTime(serverTime: string | undefined, localNow = Date.now()): void {
  if (!serverTime) return
  const server = Date.parse(serverTime)
  if (!Number.isNaN(server)) offsetMs = server - localNow
}

export function clockOffset(): number {
  return offsetMs
}

/** Server-corrected "now" in ms. */
export function serverNow(localNow = Date.now()): number {
  return localNow + offsetMs
}

// One shared 1 s ticker for every countdown on screen (not one interval per card).
const listeners = new Set<() => void>()
let timer: ReturnType<typeof setInterval> | undefined
let tick = serverNow()

function subscribe(listener: () => void) {
  listeners.add(listener)
  if (!timer) {
    tick = serverNow()
    timer = setInterval(() => {
      tick = serverNow()
      for (const l of listeners) l()
    }, 1000)
  }
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0 && timer) {
      clearInterval(timer)
      timer = undefined
    }
  }
}

/** The moment the server rendered the first screen at: hydration counts down from it (0059). */
const renderedAt = () => firstRenderHints()?.now ?? tick

/** Re-renders every second with the server-corrected time. */
export function useServerNow(): number {
  return useServerClock(everySecond)
}

const everySecond = (now: number) => now

/**
 * What a component shows of the server-corrected time, re-rendered only when that changes: a card
 * ending in two days redraws once a minute, not every second, and a badge once, when it appears —
 * a list of twenty cards otherwise re-rendered all of them every second, on a phone's battery.
 */
export function useServerClock<T extends string | number | boolean | null>(
  select: (now: number) => T,
): T {
  return useSyncExternalStore(
    subscribe,
    () => select(tick),
    () => select(renderedAt()),
  )
}

/** Remaining time as a compact label: "2d 4h", "3h 05m", "4:07", "0:09". */
export function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000))
  const days = Math.floor(total / 86_400)
  const hours = Math.floor((total % 86_400) / 3600)
  const minutes = Math.floor((total % 3600) / 60)
  const seconds = total % 60
  const pad = (n: number) => String(n).padStart(2, '0')
  if (days > 0) return `${days}d ${hours}h`
  if (hours > 0) return `${hours}h ${pad(minutes)}m`
  return `${minutes}:${pad(seconds)}`
}
