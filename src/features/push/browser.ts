import { useEffect, useSyncExternalStore } from 'react'

/**
 * This browser's own push subscription (decision 0032): read, made and dropped through the
 * service worker's registration. The worker registers after the first load (UpdatePrompt), so
 * a read before then finds none rather than waiting for it.
 */

/** Set when the member removed this device or turned alerts off here: start-up leaves it off. */
export const OFF_KEY = 'lotline.pushOff'

export function turnedOffHere(): boolean {
  try {
    return localStorage.getItem(OFF_KEY) !== null
  } catch {
    return false
  }
}

export function setTurnedOffHere(off: boolean): void {
  try {
    if (off) localStorage.setItem(OFF_KEY, '1')
    else localStorage.removeItem(OFF_KEY)
  } catch {
    // Private mode: start-up may subscribe this browser again; the Account section says so.
  }
}

async function existingRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!('serviceWorker' in navigator)) return undefined
  return navigator.serviceWorker.getRegistration()
}

export async function browserSubscription(): Promise<PushSubscription | null> {
  const registration = await existingRegistration()
  return registration?.pushManager ? registration.pushManager.getSubscription() : null
}

/** base64url (the server's VAPID public key) → bytes. */
export function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/')
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4))
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false
  const view = new Uint8Array(a)
  return view.every((byte, i) => byte === b[i])
}

/**
 * This browser's subscription for the server's key: the existing one, or a new one (after the
 * server's key changed, the old one is dropped first — the browser refuses a second key).
 * Permission must already be granted.
 */
export async function subscribeBrowser(publicKey: string): Promise<PushSubscription> {
  const registration = await navigator.serviceWorker.ready
  const key = base64UrlBytes(publicKey)
  if (!registration.pushManager) throw new NoPushServiceError()
  const existing = await registration.pushManager.getSubscription()
  if (existing) {
    if (sameKey(existing.options.applicationServerKey, key)) return existing
    await existing.unsubscribe()
  }
  try {
    return await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: key,
    })
  } catch (error) {
    throw noPushService(error) ? new NoPushServiceError() : error
  }
}

/**
 * The browser has the Push API but no push service behind it (a browser built without one, a
 * blocked service): nothing Lotline or the member can fix, so the screen says so plainly.
 */
export class NoPushServiceError extends Error {
  override name = 'NoPushServiceError'
  constructor() {
    super('This browser has no push service.')
  }
}

/**
 * Chromium without a push service rejects with an AbortError ("push service not available" /
 * "push service error"), Firefox with one naming the service; NotSupportedError elsewhere. A
 * refused permission (NotAllowedError) is not this.
 */
export function noPushService(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  if (error.name === 'NotSupportedError') return true
  return error.name === 'AbortError' || /push service/i.test(error.message)
}

/** This browser's endpoint: named at sign-out, so the server drops its device with the session. */
export async function browserEndpoint(): Promise<string | null> {
  const subscription = await browserSubscription().catch(() => null)
  return subscription?.endpoint ?? null
}

/** Stops the push service delivering here (the server forgets it with the session or a Remove). */
export async function unsubscribeBrowser(): Promise<void> {
  const subscription = await browserSubscription().catch(() => null)
  await subscription?.unsubscribe().catch(() => false)
  refreshBrowserSubscription()
}

// --- what the screens show: whether this browser is subscribed (a tiny external store) ---

export interface BrowserSubscriptionState {
  checked: boolean
  endpoint: string | null
}

let state: BrowserSubscriptionState = { checked: false, endpoint: null }
const listeners = new Set<() => void>()
let reading: Promise<void> | null = null

export function refreshBrowserSubscription(): Promise<void> {
  reading = browserSubscription()
    .catch(() => null)
    .then((subscription) => {
      state = { checked: true, endpoint: subscription?.endpoint ?? null }
      for (const listener of listeners) listener()
    })
  return reading
}

export function useBrowserSubscription(): BrowserSubscriptionState {
  const current = useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => state,
    () => state,
  )
  useEffect(() => {
    if (!reading) void refreshBrowserSubscription()
  }, [])
  return current
}
