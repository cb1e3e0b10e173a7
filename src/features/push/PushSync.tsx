import { useEffect } from 'react'
import { useT } from '../../i18n'
import { registerThisBrowser, usePushConfig } from './api'
import { refreshBrowserSubscription, subscribeBrowser, turnedOffHere } from './browser'
import { browserTraits, notificationPermission, pushSupport } from './support'

/** What was last sent this page: once per member, language and server key. */
let synced: string | null = null

/**
 * Start-up, after the load and idle, signed in (decision 0032): with permission granted, this
 * browser's subscription exists and the server has it for this member, session and language.
 * Covers signing in again on this device (sign-out dropped it), a subscription the server keeps for
 * another member (a fresh one instead, `registerThisBrowser`) and a language change. Never asks:
 * only 'granted' proceeds; a device the member removed here stays off.
 */
export function PushSync({ userId }: { userId: string }) {
  const { lang } = useT()
  const { config } = usePushConfig()
  const publicKey = config?.publicKey ?? null
  useEffect(() => {
    if (!publicKey || turnedOffHere()) return
    if (pushSupport(browserTraits()) !== 'supported' || notificationPermission() !== 'granted')
      return
    const key = `${userId}|${lang}|${publicKey}`
    if (synced === key) return
    synced = key
    let cancelled = false
    void (async () => {
      try {
        const subscription = await subscribeBrowser(publicKey)
        if (cancelled) {
          synced = null
          return
        }
        await registerThisBrowser(subscription, publicKey, lang)
      } catch {
        // Offline or refused: tried again at the next start or language change.
        synced = null
      } finally {
        void refreshBrowserSubscription()
      }
    })()
    return () => {
      cancelled = true
    }
  }, [userId, lang, publicKey])
  return null
}

export default PushSync
