import { NOTIFICATION_KINDS } from '../../common/auction.ts'
import {
  alertChannels,
  alertGroupOf,
  choicesWithDefaults,
  defaultAlertPreferences,
  type AlertChannel,
  type AlertGroup,
  type AlertPreferences,
} from '../../common/alerts.ts'
import type { Queryable } from '../db/types.ts'

/** A member's e-mail and in-app choices, over the defaults (only members who changed one have rows). */
export async function alertPreferencesOf(db: Queryable, userId: string): Promise<AlertPreferences> {
  const { rows } = await db.query<{ channel: AlertChannel; choices: unknown }>(
    'select channel, choices from alert_preferences where user_id = $1',
    [userId],
  )
  const defaults = defaultAlertPreferences()
  const stored = new Map(rows.map((r) => [r.channel, r.choices]))
  return {
    in_app: choicesWithDefaults(stored.get('in_app'), defaults.in_app),
    email: choicesWithDefaults(stored.get('email'), defaults.email),
  }
}

export async function saveAlertPreferences(
  db: Queryable,
  userId: string,
  preferences: AlertPreferences,
): Promise<AlertPreferences> {
  for (const channel of alertChannels()) {
    await db.query(
      `insert into alert_preferences (user_id, channel, choices) values ($1, $2, $3::jsonb)
       on conflict (user_id, channel) do update set choices = excluded.choices, updated_at = now()`,
      [userId, channel, JSON.stringify(preferences[channel])],
    )
  }
  return alertPreferencesOf(db, userId)
}

/** Turns one group's e-mail off (the one-click unsubscribe); the other choices stay as they were. */
export async function turnEmailOff(db: Queryable, userId: string, group: AlertGroup) {
  await db.query(
    `insert into alert_preferences (user_id, channel, choices)
     select id, 'email', jsonb_build_object($2::text, false) from users where id = $1
     on conflict (user_id, channel)
       do update set choices = alert_preferences.choices || excluded.choices, updated_at = now()`,
    [userId, group],
  )
}

/** Whether the member wants this group by e-mail. */
export async function wantsEmail(db: Queryable, userId: string, group: AlertGroup) {
  return (await alertPreferencesOf(db, userId)).email[group]
}

/** Which group each kind is in, and the in-app defaults: the rule lives in common/alerts.ts. */
export const IN_APP_PARAMS = {
  alertGroupOf: JSON.stringify(
    Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, alertGroupOf(k)])),
  ),
  inAppDefaults: JSON.stringify(defaultAlertPreferences().in_app),
}

/**
 * SQL (named parameters IN_APP_PARAMS) that is `now()` when the member turned this kind's group
 * off in-app, else null: such a notification is written already read (docs/product.md "What
 * Lotline tells you"), so it is neither counted nor shown as new, and push still rides on it.
 */
export function readAtWhenInAppOff(userSql: string, kindSql: string): string {
  return `(select case when coalesce((ap.choices ->> (:alertGroupOf::jsonb ->> ${kindSql}))::boolean,
                                      (:inAppDefaults::jsonb ->> (:alertGroupOf::jsonb ->> ${kindSql}))::boolean,
                                      true)
                       then null else now() end
             from (select 1) one
             left join alert_preferences ap on ap.user_id = ${userSql} and ap.channel = 'in_app')`
}
