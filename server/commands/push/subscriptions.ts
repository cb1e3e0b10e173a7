/**
 * A member's push devices and switches (decision 0032). The subscription the browser hands over
 * is hostile input: the endpoint must be on a push service we allow (SSRF guard,
 * server/lib/push-endpoint.ts) and the keys must be what RFC 8291 encryption needs, or nothing
 * is stored.
 */
import type { PushDevice, PushPreferences } from '../../../common/push.ts'
import type { Database } from '../../db/types.ts'
import { AppError, notFound } from '../../lib/problem.ts'
import { pushEndpointProblem } from '../../lib/push-endpoint.ts'
import { base64urlBytes, isP256Point } from '../../lib/vapid.ts'
import {
  deletePushDevice,
  deletePushEndpoint,
  savePushPreferences,
  upsertPushSubscription,
} from '../../repositories/push.ts'

export interface SubscriptionInput {
  endpoint: string
  expirationTime?: number | null | undefined
  keys: { p256dh: string; auth: string }
  lang: 'en' | 'es'
}

/** Why each field is refused (empty when the subscription is usable). */
export function subscriptionProblems(
  input: SubscriptionInput,
  allowedHosts: readonly string[],
): Record<string, string> {
  const errors: Record<string, string> = {}
  const endpoint = pushEndpointProblem(input.endpoint, allowedHosts)
  if (endpoint) errors.endpoint = `The endpoint ${endpoint}.`
  const point = base64urlBytes(input.keys.p256dh, 65)
  if (!point || !isP256Point(point)) {
    errors['keys.p256dh'] = 'Must be base64url of an uncompressed P-256 public key (65 bytes).'
  }
  if (!base64urlBytes(input.keys.auth, 16)) {
    errors['keys.auth'] = 'Must be base64url of 16 bytes.'
  }
  return errors
}

export async function subscribeDevice(
  db: Database,
  input: SubscriptionInput & {
    userId: string
    sessionHash: string
    allowedHosts: readonly string[]
    labels: { device: string; browser: string }
  },
): Promise<{ device: PushDevice; created: boolean }> {
  const errors = subscriptionProblems(input, input.allowedHosts)
  if (Object.keys(errors).length) {
    throw new AppError(422, 'validation_failed', 'This push subscription cannot be used.', errors)
  }
  const expiration = input.expirationTime == null ? null : new Date(input.expirationTime)
  const saved = await db.transaction((tx) =>
    upsertPushSubscription(tx, {
      userId: input.userId,
      sessionHash: input.sessionHash,
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh.replace(/=+$/, ''),
      auth: input.keys.auth.replace(/=+$/, ''),
      expirationTime: expiration && !Number.isNaN(expiration.getTime()) ? expiration : null,
      lang: input.lang,
      ...input.labels,
    }),
  )
  // The app answers by dropping this browser's subscription and making a fresh one (0032).
  if (!saved) throw endpointTaken()
  return saved
}

const endpointTaken = () =>
  new AppError(
    409,
    'push_endpoint_taken',
    'Another member gets the alerts of this push subscription; subscribe this browser again.',
  )

export async function removeDevice(db: Database, userId: string, id: string): Promise<void> {
  if (!(await deletePushDevice(db, userId, id))) throw notFound('Device')
}

/**
 * Signing out: this browser's device stops getting the member's alerts, also when another of the
 * member's sessions subscribed it (the session's own devices go with the session). Never another
 * member's.
 */
export async function forgetBrowserDevice(
  db: Database,
  userId: string,
  endpoint: string,
): Promise<void> {
  await deletePushEndpoint(db, userId, endpoint)
}

export async function setPushPreferences(
  db: Database,
  userId: string,
  choices: PushPreferences,
): Promise<PushPreferences> {
  return savePushPreferences(db, userId, choices)
}
