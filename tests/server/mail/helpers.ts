import type { Database } from '../../../server/db/types.ts'
import { insertMail, type MailToSend } from '../../../server/mail/outbox.ts'
import { smtpTransport } from '../../../server/mail/transport.ts'
import { createMailWorker, type MailWorkerDeps } from '../../../server/mail/worker.ts'
import { smtpSettings, type SmtpStandIn } from '../../mail/smtp-stand-in.ts'

/** A clock the test moves: the worker compares the rows' times with it. */
export function movableClock() {
  let offsetMs = 0
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance(ms: number) {
      offsetMs += ms
    },
  }
}

let count = 0
/** One mail in the outbox, as `enqueue` writes it in a command's transaction. */
export async function queueMail(db: Database, overrides: Partial<MailToSend> = {}) {
  count += 1
  const mail: MailToSend = {
    userId: null,
    to: { address: `member${count}@example.test`, name: `Member ${count}` },
    kind: 'test',
    lang: 'en',
    subject: `Mail ${count}`,
    text: `Hello ${count}\nhttp://localhost:3000/reset?token=abc${count}`,
    html: `<p>Hello ${count}</p>`,
    ...overrides,
  }
  await db.transaction((tx) => insertMail(tx, mail, { messageDomain: 'lotline.test', keep: false }))
  const { rows } = await db.query<{ id: string }>('select max(id) as id from mail_outbox')
  return Number(rows[0]!.id)
}

export async function rowOf(db: Database, id: number) {
  const { rows } = await db.query<{
    status: string
    attempts: number
    next_attempt_at: Date
    last_error: string | null
    message_id: string
    sent_at: Date | null
  }>('select * from mail_outbox where id = $1', [id])
  return rows[0]!
}

/** A worker sending to the stand-in with short SMTP timeouts. */
export function workerFor(
  db: Database,
  standIn: SmtpStandIn,
  options: Partial<MailWorkerDeps> = {},
) {
  const settings = smtpSettings(standIn)
  const transport = smtpTransport(settings.SMTP_URL!, {
    connectionMs: 2_000,
    greetingMs: 2_000,
    socketMs: 600,
  })
  return createMailWorker({ db, transport, from: settings.MAIL_FROM!, ...options })
}
