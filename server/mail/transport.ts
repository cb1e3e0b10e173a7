import nodemailer from 'nodemailer'
import { oneLine } from './outbox.ts'

/** One mail as the worker hands it to SMTP: every header nodemailer writes, never by hand. */
export interface OutgoingMail {
  from: string
  to: { address: string; name: string | null }
  subject: string
  text: string
  html: string
  /** Extra headers checked when the row was written (List-Unsubscribe…). */
  headers: Record<string, string>
  /** The row's stable Message-ID: a resend is the same message to the receiver. */
  messageId: string
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>
  close(): void
}

/** How long a silent SMTP server may hold the worker, in ms (docs/scaling.md). */
export interface SmtpTimeouts {
  connectionMs: number
  greetingMs: number
  socketMs: number
}

const DEFAULT_TIMEOUTS: SmtpTimeouts = {
  connectionMs: 10_000,
  greetingMs: 10_000,
  socketMs: 30_000,
}

/**
 * nodemailer over SMTP_URL (`smtp://` with STARTTLS when offered, `smtps://` for implicit TLS).
 * No pool: one connection per mail keeps a dropped connection from taking others with it, and the
 * volume (a few mails per member action) does not need one. The timeouts bound how long a hung
 * server can hold a send; the worker's lease is longer than their sum.
 */
export function smtpTransport(url: string, timeouts: Partial<SmtpTimeouts> = {}): MailTransport {
  const t = { ...DEFAULT_TIMEOUTS, ...timeouts }
  const transporter = nodemailer.createTransport({
    url,
    pool: false,
    connectionTimeout: t.connectionMs,
    greetingTimeout: t.greetingMs,
    socketTimeout: t.socketMs,
    // Mail bodies come from our templates, but nothing in them may make nodemailer read a file
    // or fetch a URL.
    disableFileAccess: true,
    disableUrlAccess: true,
  })
  return {
    async send(mail) {
      await transporter.sendMail({
        from: mail.from,
        // An address object: nodemailer quotes or encodes the name; a line break in it is
        // already gone (oneLine), so no name can start a header.
        to: { name: oneLine(mail.to.name ?? ''), address: mail.to.address },
        subject: oneLine(mail.subject),
        text: mail.text,
        html: mail.html,
        messageId: mail.messageId,
        headers: Object.fromEntries(
          Object.entries(mail.headers).map(([key, value]) => [key, oneLine(value)]),
        ),
        disableFileAccess: true,
        disableUrlAccess: true,
      })
    },
    close() {
      transporter.close()
    },
  }
}

/**
 * A refusal that will not change by trying again: a 5xx answer to this recipient (RCPT) or this
 * message (DATA). A 5xx anywhere else (say, to our credentials) is the operator's to fix, and the
 * mail waits for it rather than dying.
 */
export function isPermanentRefusal(error: unknown): boolean {
  const { responseCode, code } = error as { responseCode?: unknown; code?: unknown }
  return (
    typeof responseCode === 'number' &&
    responseCode >= 500 &&
    responseCode < 600 &&
    (code === 'EENVELOPE' || code === 'EMESSAGE')
  )
}

/** A plain address with no room for a header: one @, no spaces, angle brackets or controls. */
export function isPlainAddress(address: string): boolean {
  // eslint-disable-next-line no-control-regex
  return /^[^\s<>@",;:\u0000-\u001f\u007f]+@[^\s<>@",;:\u0000-\u001f\u007f]+$/.test(address)
}
