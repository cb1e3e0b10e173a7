/**
 * The mail outbox's life after `enqueue` (server/mail/outbox.ts, decision 0054): the worker claims
 * due rows and leases them, then marks each sent, retried later or dead; admins list and retry.
 * Every time comes from the caller (`now`), so tests can move the worker's clock.
 */
import type { AdminMail, MailStatus } from '../../common/mail.ts'
import type { Queryable } from '../db/types.ts'
import { pageOf, type Page } from './page.ts'

/** One claimed mail: what sending it needs, and the attempt it is (the lease's token). */
export interface ClaimedMail {
  id: number
  attempt: number
  kind: string
  toAddress: string
  toName: string | null
  subject: string
  text: string
  html: string
  headers: Record<string, string>
  messageId: string
}

interface ClaimRow {
  id: string | number
  attempts: number
  kind: string
  to_address: string
  to_name: string | null
  subject: string
  text_body: string
  html_body: string
  headers: Record<string, string> | string
  message_id: string
}

/**
 * Claims up to `limit` due rows in one statement: pending ones whose time came, and `sending` ones
 * whose lease ran out (their sender died). `skip locked` lets every node claim at once without
 * two taking one row; the lease pushes `next_attempt_at` too, so the row is not due again until it
 * ends. `now` has the millisecond precision of a JavaScript clock and the rows' times the microsecond
 * one of the database's `now()`: a row whose time falls within `now`'s millisecond is due, or a mail
 * queued and nudged within one millisecond would wait for the next poll.
 */
export async function claimDueMails(
  db: Queryable,
  input: { now: Date; limit: number; leaseSeconds: number },
): Promise<ClaimedMail[]> {
  const { rows } = await db.query<ClaimRow>(
    `with due as (
       select id from mail_outbox
        where status in ('pending', 'sending') and next_attempt_at < $1::timestamptz + interval '1 ms'
          and (locked_until is null or locked_until < $1::timestamptz + interval '1 ms')
        order by next_attempt_at, id limit $2 for update skip locked
     )
     update mail_outbox m
        set status = 'sending', attempts = m.attempts + 1,
            locked_until = $1::timestamptz + make_interval(secs => $3),
            next_attempt_at = $1::timestamptz + make_interval(secs => $3)
       from due where m.id = due.id
     returning m.id, m.attempts, m.kind, m.to_address, m.to_name, m.subject, m.text_body,
               m.html_body, m.headers, m.message_id`,
    [input.now, input.limit, input.leaseSeconds],
  )
  return rows
    .map((r) => ({
      id: Number(r.id),
      attempt: r.attempts,
      kind: r.kind,
      toAddress: r.to_address,
      toName: r.to_name,
      subject: r.subject,
      text: r.text_body,
      html: r.html_body,
      headers:
        typeof r.headers === 'string'
          ? (JSON.parse(r.headers) as Record<string, string>)
          : r.headers,
      messageId: r.message_id,
    }))
    .sort((a, b) => a.id - b.id)
}

/**
 * Sent. Only while this attempt's lease is the row's: a sender whose lease ran out and was
 * claimed again does not overwrite the newer attempt. False when it was not.
 */
export async function markMailSent(
  db: Queryable,
  mail: { id: number; attempt: number },
  now: Date,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `update mail_outbox set status = 'sent', sent_at = $3, locked_until = null, last_error = null
      where id = $1 and attempts = $2 and status = 'sending'`,
    [mail.id, mail.attempt, now],
  )
  return rowCount === 1
}

/** Failed: pending again at `retryAt`, or `dead` when `retryAt` is null. */
export async function markMailFailed(
  db: Queryable,
  mail: { id: number; attempt: number },
  failure: { error: string; retryAt: Date | null; now: Date },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `update mail_outbox
        set status = case when $4::timestamptz is null then 'dead' else 'pending' end,
            next_attempt_at = coalesce($4::timestamptz, $5::timestamptz),
            locked_until = null, last_error = $3
      where id = $1 and attempts = $2 and status = 'sending'`,
    [mail.id, mail.attempt, failure.error.slice(0, 1000), failure.retryAt, failure.now],
  )
  return rowCount === 1
}

/** When the next row is due (pending, or a lease running out), for the worker's next wake. */
export async function nextMailDueAt(db: Queryable): Promise<Date | null> {
  const { rows } = await db.query<{ at: Date | string | null }>(
    `select min(next_attempt_at) as at from mail_outbox where status in ('pending', 'sending')`,
  )
  const at = rows[0]?.at
  return at ? new Date(at) : null
}

/** How many rows are in each status, for GET /metrics. */
export async function mailCountsByStatus(db: Queryable): Promise<Record<MailStatus, number>> {
  const counts: Record<MailStatus, number> = { pending: 0, sending: 0, sent: 0, dead: 0, kept: 0 }
  const { rows } = await db.query<{ status: MailStatus; n: string | number }>(
    `select status, count(*) as n from mail_outbox group by status`,
  )
  for (const r of rows) counts[r.status] = Number(r.n)
  return counts
}

interface AdminMailRow {
  id: string | number
  to_address: string
  to_name: string | null
  kind: string
  subject: string
  status: MailStatus
  attempts: number
  last_error: string | null
  next_attempt_at: Date | string
  created_at: Date | string
  sent_at: Date | string | null
}

const ADMIN_COLUMNS = `id, to_address, to_name, kind, subject, status, attempts, last_error,
                       next_attempt_at, created_at, sent_at`

function adminMailOf(r: AdminMailRow): AdminMail {
  return {
    id: Number(r.id),
    toAddress: r.to_address,
    toName: r.to_name,
    kind: r.kind,
    subject: r.subject,
    status: r.status,
    attempts: r.attempts,
    lastError: r.last_error,
    nextAttemptAt: new Date(r.next_attempt_at).toISOString(),
    createdAt: new Date(r.created_at).toISOString(),
    sentAt: r.sent_at ? new Date(r.sent_at).toISOString() : null,
  }
}

/** The outbox for admins, newest first, optionally of one status; the cursor is the last id. */
export async function adminMailPage(
  db: Queryable,
  input: { status: MailStatus | undefined; before: number | undefined; limit: number },
): Promise<Page<AdminMail>> {
  const { rows } = await db.query<AdminMailRow>(
    `select ${ADMIN_COLUMNS} from mail_outbox
      where ($1::text is null or status = $1) and ($2::bigint is null or id < $2)
      order by id desc limit $3`,
    [input.status ?? null, input.before ?? null, input.limit + 1],
  )
  return pageOf(rows, input.limit, adminMailOf)
}

export async function adminMailById(db: Queryable, id: number): Promise<AdminMail | null> {
  const { rows } = await db.query<AdminMailRow>(
    `select ${ADMIN_COLUMNS} from mail_outbox where id = $1`,
    [id],
  )
  return rows[0] ? adminMailOf(rows[0]) : null
}

/** A dead mail back in the queue, from its first attempt; null when it was not dead. */
export async function reviveDeadMail(db: Queryable, id: number): Promise<AdminMail | null> {
  const { rows } = await db.query<AdminMailRow>(
    `update mail_outbox
        set status = 'pending', attempts = 0, next_attempt_at = now(), locked_until = null
      where id = $1 and status = 'dead'
      returning ${ADMIN_COLUMNS}`,
    [id],
  )
  return rows[0] ? adminMailOf(rows[0]) : null
}

/** A whole row, for /dev/mail (local mode only). */
export interface KeptMail extends AdminMail {
  lang: string
  messageId: string
  headers: Record<string, string>
  text: string
  html: string
}

interface KeptRow extends AdminMailRow {
  lang: string
  message_id: string
  headers: Record<string, string> | string
  text_body: string
  html_body: string
}

function keptMailOf(r: KeptRow): KeptMail {
  return {
    ...adminMailOf(r),
    lang: r.lang,
    messageId: r.message_id,
    headers:
      typeof r.headers === 'string' ? (JSON.parse(r.headers) as Record<string, string>) : r.headers,
    text: r.text_body,
    html: r.html_body,
  }
}

const KEPT_COLUMNS = `${ADMIN_COLUMNS}, lang, message_id, headers, text_body, html_body`

/** The newest mails of every status, whole (local mode's /dev/mail). */
export async function newestMails(db: Queryable, limit: number): Promise<KeptMail[]> {
  const { rows } = await db.query<KeptRow>(
    `select ${KEPT_COLUMNS} from mail_outbox order by id desc limit $1`,
    [limit],
  )
  return rows.map(keptMailOf)
}

export async function mailById(db: Queryable, id: number): Promise<KeptMail | null> {
  const { rows } = await db.query<KeptRow>(
    `select ${KEPT_COLUMNS} from mail_outbox where id = $1`,
    [id],
  )
  return rows[0] ? keptMailOf(rows[0]) : null
}
