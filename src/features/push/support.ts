/**
 * Can this browser get alerts at all (decision 0032)? Pure over what the browser exposes, so the
 * Account states and the first-bid rule are tested without a browser.
 */
export type PushSupport = 'supported' | 'unsupported' | 'ios-home-screen'

export interface BrowserTraits {
  serviceWorker: boolean
  pushManager: boolean
  notification: boolean
  userAgent: string
  maxTouchPoints: number
  /** Opened from the Home Screen (display-mode standalone, or iOS's navigator.standalone). */
  standalone: boolean
}

/** iPhone, iPod, or an iPad (which says "Macintosh" since iPadOS 13 but has a touch screen). */
export function isIos(traits: Pick<BrowserTraits, 'userAgent' | 'maxTouchPoints'>): boolean {
  return (
    /iPhone|iPad|iPod/.test(traits.userAgent) ||
    (/Macintosh/.test(traits.userAgent) && traits.maxTouchPoints > 1)
  )
}

/**
 * iOS and iPadOS (16.4+) give Web Push only to a site added to the Home Screen and opened from
 * there; in a browser tab they hide PushManager. Saying "not supported" there would be wrong: the
 * member can get alerts, after one step we can name.
 */
export function pushSupport(traits: BrowserTraits): PushSupport {
  if (isIos(traits) && !traits.standalone) return 'ios-home-screen'
  if (traits.serviceWorker && traits.pushManager && traits.notification) return 'supported'
  return 'unsupported'
}

export function browserTraits(): BrowserTraits {
  const nav = navigator as Navigator & { standalone?: boolean }
  return {
    serviceWorker: 'serviceWorker' in nav,
    pushManager: typeof window !== 'undefined' && 'PushManager' in window,
    notification: typeof Notification !== 'undefined',
    userAgent: nav.userAgent,
    maxTouchPoints: nav.maxTouchPoints ?? 0,
    standalone:
      nav.standalone === true ||
      (typeof matchMedia === 'function' && matchMedia('(display-mode: standalone)').matches),
  }
}

/** The browser's answer so far: 'default' (never asked, or dismissed), 'granted', 'denied'. */
export function notificationPermission(): NotificationPermission {
  return typeof Notification === 'undefined' ? 'denied' : Notification.permission
}
