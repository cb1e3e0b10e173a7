/** Web Push devices and switches (decision 0032). */
import {
  DEFAULT_PUSH_PREFERENCES,
  PUSH_PREFERENCE_KINDS,
  type PushDevice,
  type PushPreferences,
} from '../../common/push.ts'
import type { Queryable } from '../db/types.ts'

/**
 * Devices per member: a new one past it drops the oldest. Subscribing is not rate limited, so
 * without it one member could grow the table (and every notification's fan-out) without bound.
 */
export const PUSH_DEVICES_PER_MEMBER_MAX = 20

export interface NewPushSubscription {
  userId: string
  sessionHash: string
  endpoint: string
  p256dh: string
  auth: string
  expirationTime: Date | null
  lang: 'en' | 'es'
  device: string
  browser: string
}

interface DeviceRow {
  id: string
  device: string
  browser: string
  created_at: Date | string
  session_hash: string
}

const toDevice = (row: DeviceRow, sessionHash: string | undefined): PushDevice => ({
  id: row.id,
  device: row.device,
  browser: row.browser,
  createdAt: new Date(row.created_at).toISOString(),
  current: row.session_hash === sessionHash,
})

/**
 * Stores a device, or refreshes the member's own known endpoint (session, keys, language). Null
 * when another member holds the endpoint: it never moves between members (docs/security.md), or
 * whoever learnt an endpoint could take that device's alerts; nothing is changed then.
 */
export async function upsertPushSubscription(
  db: Queryable,
  s: NewPushSubscription,
): Promise<{ device: PushDevice; created: boolean } | null> {
  const { rows } = await db.query<DeviceRow & { created: boolean }>(
    `insert into push_subscriptions (user_id, session_hash, endpoint, p256dh, auth, expiration_time,
                                     lang, device, browser)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     on conflict (endpoint) do update
        set session_hash = excluded.session_hash,
            p256dh = excluded.p256dh, auth = excluded.auth,
            expiration_time = excluded.expiration_time, lang = excluded.lang,
            device = excluded.device, browser = excluded.browser, created_at = now()
      where push_subscriptions.user_id = excluded.user_id
     returning id, device, browser, created_at, session_hash,
               (xmax = 0) as created`,
    [
      s.userId,
      s.sessionHash,
      s.endpoint,
      s.p256dh,
      s.auth,
      s.expirationTime,
      s.lang,
      s.device,
      s.browser,
    ],
  )
  const row = rows[0]
  if (!row) return null
  await db.query(
    `delete from push_subscriptions
      where user_id = $1 and id <> $2
        and id in (select id from push_subscriptions where user_id = $1
                    order by created_at desc, id offset $3)`,
    [s.userId, row.id, PUSH_DEVICES_PER_MEMBER_MAX],
  )
  return { device: toDevice(row, s.sessionHash), created: row.created }
}

export async function listPushDevices(
  db: Queryable,
  userId: string,
  sessionHash: string | undefined,
): Promise<PushDevice[]> {
  const { rows } = await db.query<DeviceRow>(
    `select id, device, browser, created_at, session_hash from push_subscriptions
      where user_id = $1 order by created_at desc, id desc`,
    [userId],
  )
  return rows.map((row) => toDevice(row, sessionHash))
}

/** Removes one of the member's devices; false when it is not theirs (or not there). */
export async function deletePushDevice(
  db: Queryable,
  userId: string,
  id: string,
): Promise<boolean> {
  const { rowCount } = await db.query(
    'delete from push_subscriptions where id = $1 and user_id = $2',
    [id, userId],
  )
  return rowCount > 0
}

/** Removes the member's device with this endpoint; another member's is left alone. */
export async function deletePushEndpoint(
  db: Queryable,
  userId: string,
  endpoint: string,
): Promise<boolean> {
  const { rowCount } = await db.query(
    'delete from push_subscriptions where endpoint = $1 and user_id = $2',
    [endpoint, userId],
  )
  return rowCount > 0
}

/** The push service said the subscription is gone (404/410): it and its deliveries go. */
export async function deletePushSubscriptions(db: Queryable, ids: string[]): Promise<void> {
  if (ids.length) await db.query('delete from push_subscriptions where id = any($1::uuid[])', [ids])
}

export async function pushPreferencesOf(db: Queryable, userId: string): Promise<PushPreferences> {
  const { rows } = await db.query<{ choices: Record<string, unknown> }>(
    'select choices from push_preferences where user_id = $1',
    [userId],
  )
  return withDefaults(rows[0]?.choices)
}

export async function savePushPreferences(
  db: Queryable,
  userId: string,
  choices: PushPreferences,
): Promise<PushPreferences> {
  const { rows } = await db.query<{ choices: Record<string, unknown> }>(
    `insert into push_preferences (user_id, choices) values ($1, $2::jsonb)
     on conflict (user_id) do update set choices = excluded.choices, updated_at = now()
     returning choices`,
    [userId, JSON.stringify(choices)],
  )
  return withDefaults(rows[0]?.choices)
}

function withDefaults(stored: Record<string, unknown> | undefined): PushPreferences {
  const result = { ...DEFAULT_PUSH_PREFERENCES }
  for (const kind of PUSH_PREFERENCE_KINDS) {
    if (typeof stored?.[kind] === 'boolean') result[kind] = stored[kind]
  }
  return result
}

/**
 * The language this session's newest device was given. A subscription the service worker renews
 * (`pushsubscriptionchange`) comes without one — the worker cannot see the app's choice — and the
 * member's earlier choice beats the browser's Accept-Language.
 */
export async function sessionPushLang(
  db: Queryable,
  sessionHash: string,
): Promise<'en' | 'es' | undefined> {
  const { rows } = await db.query<{ lang: 'en' | 'es' }>(
    `select lang from push_subscriptions where session_hash = $1
      order by created_at desc limit 1`,
    [sessionHash],
  )
  return rows[0]?.lang
}
