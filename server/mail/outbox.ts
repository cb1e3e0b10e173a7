import { randomUUID } from 'node:crypto'
import type { Config } from '../config.ts'
import type { Queryable } from '../db/types.ts'
import { mailBase } from './links.ts'

/** A mail as its cause writes it: rendered already, in the reader's language (decision 0054). */
export interface MailToSend {
  /** The member it is for, when it is one. */
  userId: string | null
  /** The address and the name as the member gave them; never put into a header by hand. */
  to: { address: string; name?: string | null }
  /** What it is (`password_reset`, `verify_email`, `won`, …): for counts, preferences, tests. */
  kind: string
  lang: string
  subject: string
  text: string
  html: string
  /**
   * RFC 8058 one-click unsubscribe for a non-essential mail: the URL that a POST (or a visit)
   * turns this kind of mail off with, without signing in.
   */
  unsubscribeUrl?: string
}

/**
 * What the commands that cause mail hold (made once from the configuration, `mailOutbox`): where
 * links start, and `enqueue`, which writes a mail into the outbox in the caller's transaction —
 * it exists exactly when the event that causes it commits; the worker sends it (local mode without
 * SMTP keeps it for /dev/mail; EMAIL=off writes nothing).
 */
export interface MailOutbox {
  /** The start of every link in a mail (server/mail/links.ts). */
  base: string
  enqueue(db: Queryable, mail: MailToSend): Promise<void>
}

export function mailOutbox(
  config: Pick<Config, 'appUrl' | 'basePath' | 'port' | 'mail'>,
): MailOutbox {
  const base = mailBase(config)
  const messageDomain = new URL(base).hostname
  return {
    base,
    async enqueue(db, mail) {
      if (config.mail.mode === 'off') return
      await insertMail(db, mail, { messageDomain, keep: config.mail.mode === 'outbox' })
    },
  }
}

/** The outbox row of one mail. The subject loses any line break: no text starts a header. */
export async function insertMail(
  db: Queryable,
  mail: MailToSend,
  options: { messageDomain: string; keep: boolean },
): Promise<void> {
  const headers = mail.unsubscribeUrl
    ? {
        'List-Unsubscribe': `<${mail.unsubscribeUrl}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      }
    : {}
  await db.query(
    `insert into mail_outbox (user_id, to_address, to_name, kind, lang, subject, text_body,
                              html_body, headers, message_id, status)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      mail.userId,
      mail.to.address,
      mail.to.name ?? null,
      mail.kind,
      mail.lang,
      oneLine(mail.subject),
      mail.text,
      mail.html,
      JSON.stringify(headers),
      `<${randomUUID()}@${options.messageDomain}>`,
      options.keep ? 'kept' : 'pending',
    ],
  )
}

/** Any run of line breaks and other control characters becomes one space. */
export function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim()
}
