import { vi } from 'vitest'

/**
 * A browser with Web Push for happy-dom (which has none): Notification with a permission the
 * test sets, a service worker registration whose push manager remembers one subscription.
 */
export function stubPush({
  permission = 'default' as NotificationPermission,
  answer = 'granted' as NotificationPermission,
  subscribed = false,
  pushManager = true,
} = {}) {
  const state = { permission, subscription: null as null | FakeSubscription, made: 0 }
  class FakeSubscription {
    // Each subscription a fresh endpoint, as a push service gives after an unsubscribe.
    endpoint = `https://push.example/send/abc${++state.made > 1 ? `-${state.made}` : ''}`
    options = { applicationServerKey: null as ArrayBuffer | null, userVisibleOnly: true }
    unsubscribe = vi.fn(async () => {
      state.subscription = null
      return true
    })
    toJSON() {
      return { endpoint: this.endpoint, expirationTime: null, keys: { p256dh: 'BPk', auth: 'au' } }
    }
  }
  if (subscribed) state.subscription = new FakeSubscription()
  const requestPermission = vi.fn(async () => {
    state.permission = answer
    return answer
  })
  const NotificationStub = { requestPermission } as unknown as typeof Notification
  Object.defineProperty(NotificationStub, 'permission', { get: () => state.permission })
  vi.stubGlobal('Notification', NotificationStub)
  if (pushManager) vi.stubGlobal('PushManager', class {})
  const subscribe = vi.fn(async (options: PushSubscriptionOptionsInit) => {
    const subscription = new FakeSubscription()
    subscription.options.applicationServerKey = (options.applicationServerKey as Uint8Array)
      .buffer as ArrayBuffer
    state.subscription = subscription
    return subscription
  })
  const registration = {
    pushManager: { getSubscription: vi.fn(async () => state.subscription), subscribe },
  }
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration, ready: Promise.resolve(registration) },
  })
  return { state, requestPermission, subscribe }
}

/** Puts navigator back (own properties shadow happy-dom's). */
export function unstubPush(): void {
  for (const key of ['serviceWorker', 'userAgent', 'maxTouchPoints'])
    Reflect.deleteProperty(navigator, key)
}

export function stubUserAgent(userAgent: string, maxTouchPoints = 5): void {
  Object.defineProperty(navigator, 'userAgent', { configurable: true, value: userAgent })
  Object.defineProperty(navigator, 'maxTouchPoints', { configurable: true, value: maxTouchPoints })
}
