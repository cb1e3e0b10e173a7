import { ASYNC_HEADER, ASYNC_HEADER_VALUE } from '../common/config'
import { PUSH_PATHS } from '../common/push'

/**
 * `pushsubscriptionchange`: the push service dropped or rotated this browser's subscription (it
 * expired, or the browser renewed its keys). Subscribes again with the same server key and tells
 * the server, which upserts it for the signed-in member — without the app being open.
 */
export interface ResubscribeDeps {
  scope: URL
  pushManager: Pick<PushManager, 'subscribe'>
  fetch: typeof fetch
}

/** The server key as the push manager wants it: bytes from the old options, else base64url text. */
export function decodeServerKey(key: string): Uint8Array<ArrayBuffer> {
  const base64 = key.replace(/-/g, '+').replace(/_/g, '/')
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4)
  const binary = atob(padded)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

async function serverKey(
  old: PushSubscription | null | undefined,
  deps: ResubscribeDeps,
): Promise<BufferSource | null> {
  const fromOld = old?.options?.applicationServerKey
  if (fromOld) return fromOld
  const res = await deps.fetch(new URL('api/config', deps.scope), { credentials: 'include' })
  if (!res.ok) return null
  const config = (await res.json()) as { push?: { publicKey?: unknown } | null }
  const key = config.push?.publicKey
  return typeof key === 'string' && key ? decodeServerKey(key) : null
}

/** Returns whether the new subscription reached the server (false: push is off, or it refused). */
export async function resubscribe(
  old: PushSubscription | null | undefined,
  deps: ResubscribeDeps,
): Promise<boolean> {
  const applicationServerKey = await serverKey(old, deps)
  // Push switched off on the server: nothing to renew.
  if (!applicationServerKey) return false
  const subscription = await deps.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey,
  })
  const res = await deps.fetch(new URL(`api/${PUSH_PATHS.subscriptions}`, deps.scope), {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json', [ASYNC_HEADER]: ASYNC_HEADER_VALUE },
    body: JSON.stringify(subscription.toJSON()),
  })
  return res.ok
}
