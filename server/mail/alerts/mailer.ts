import type { AlertGroup } from '../../../common/alerts.ts'
import type { Config } from '../../config.ts'
import type { Queryable } from '../../db/types.ts'
import { wantsEmail } from '../../repositories/alert-preferences.ts'
import { renderMail, type MailContent } from '../layout.ts'
import type { MailOutbox } from '../outbox.ts'
import { alertFooter, type MailLang } from '../templates/alert-texts.ts'
import { unsubscribeUrl } from './unsubscribe-link.ts'

/**
 * What the commands that tell members something by e-mail hold (docs/product.md "What Lotline
 * tells you"): the outbox, the secret that signs one-click unsubscribe links, the currency.
 */
export interface AlertMailer {
  outbox: MailOutbox
  secret: string
  currency: string
}

export function alertMailer(
  config: Pick<Config, 'sessionSecret' | 'currency'>,
  outbox: MailOutbox,
): AlertMailer {
  return { outbox, secret: config.sessionSecret, currency: config.currency }
}

/** The member a mail is for, as the mail needs them. */
export interface Recipient {
  id: string
  email: string
  name: string
  lang: MailLang
}

/** An open account's address and language; null for a closed or suspended member (no mail). */
export async function recipientOf(db: Queryable, userId: string): Promise<Recipient | null> {
  const { rows } = await db.query<Recipient>(
    `select id, email, name, lang from users
      where id = $1 and deleted_at is null and suspended_at is null`,
    [userId],
  )
  return rows[0] ?? null
}

/** What a template gets to write one mail with. */
export interface MailContext {
  to: Recipient
  base: string
  currency: string
}

/**
 * Writes one alert mail in the caller's transaction when the member's account is open and they
 * want `group` by e-mail; every alert mail carries the group's signed one-click unsubscribe.
 * Returns whether a mail was written.
 */
export async function sendAlertMail(
  tx: Queryable,
  mailer: AlertMailer | undefined,
  alert: {
    userId: string
    group: AlertGroup
    kind: string
    content: (context: MailContext) => MailContent
  },
): Promise<boolean> {
  if (!mailer) return false
  const to = await recipientOf(tx, alert.userId)
  if (!to || !(await wantsEmail(tx, to.id, alert.group))) return false
  const { base } = mailer.outbox
  const unsubscribe = unsubscribeUrl(base, mailer.secret, to.id, alert.group)
  const content = alert.content({ to, base, currency: mailer.currency })
  const rendered = renderMail(
    { ...content, footer: [...(content.footer ?? []), ...alertFooter(to.lang, unsubscribe)] },
    to.lang,
  )
  await mailer.outbox.enqueue(tx, {
    userId: to.id,
    to: { address: to.email, name: to.name },
    kind: alert.kind,
    lang: to.lang,
    ...rendered,
    unsubscribeUrl: unsubscribe,
  })
  return true
}
