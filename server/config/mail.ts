import type { EnvReader } from './env-reader.ts'

/** How Lotline sends e-mail (decision 0054). */
export interface MailConfig {
  /**
   * `smtp`: through SMTP_URL; `outbox`: local mode without SMTP_URL — every mail is kept and
   * readable at /dev/mail; `off`: EMAIL=off, no mail at all (no password reset either).
   */
  mode: 'smtp' | 'outbox' | 'off'
  /** SMTP_URL: smtp:// or smtps://user:pass@host:port. */
  smtpUrl: string | undefined
  /** MAIL_FROM: `Lotline <no-reply@example.com>` or a bare address. */
  from: string
}

const LOCAL_FROM = 'Lotline <lotline@localhost>'

/**
 * SMTP_URL, MAIL_FROM and EMAIL. Production refuses to start without SMTP_URL and MAIL_FROM
 * unless EMAIL=off, and needs APP_URL for the links in mails.
 */
export function parseMail(
  read: EnvReader,
  context: { production: boolean; appUrl: string | undefined },
  problems: string[],
): MailConfig {
  const off = read.oneOf('EMAIL', ['on', 'off'] as const, 'on') === 'off'
  const smtpUrl = read.str('SMTP_URL')
  if (smtpUrl && !/^smtps?:\/\/[^\s]+$/.test(smtpUrl)) {
    problems.push('SMTP_URL must look like smtp://host:587 or smtps://user:pass@host:465')
  }
  const from = read.str('MAIL_FROM')
  if (from && /[\r\n]/.test(from)) problems.push('MAIL_FROM must be one line')
  if (context.production && !off) {
    if (!smtpUrl) problems.push('SMTP_URL is required in production (or EMAIL=off)')
    if (!from) problems.push('MAIL_FROM is required in production (or EMAIL=off)')
    if (!context.appUrl) problems.push('APP_URL is required in production for the links in e-mails')
  }
  return {
    mode: off ? 'off' : smtpUrl ? 'smtp' : 'outbox',
    smtpUrl,
    from: from ?? LOCAL_FROM,
  }
}
