import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../../../server/db/types.ts'
import { createTestDatabase, raceNote } from '../helpers.ts'
import { linkIn, startSmtpStandIn, type SmtpStandIn } from '../../mail/smtp-stand-in.ts'
import { insertMail, type MailToSend } from '../../../server/mail/outbox.ts'
import { claimDueMails } from '../../../server/repositories/mail-outbox.ts'
import { movableClock, queueMail, rowOf, workerFor } from './helpers.ts'

let db: Database
let smtp: SmtpStandIn

const mail = (i: number): MailToSend => ({
  userId: null,
  to: { address: `now${i}@example.test` },
  kind: 'test',
  lang: 'en',
  subject: `Now ${i}`,
  text: 'Hello',
  html: '<p>Hello</p>',
})

beforeAll(async () => {
  db = await createTestDatabase()
  smtp = await startSmtpStandIn()
})
afterAll(async () => {
  await smtp.close()
  await db.close()
})
beforeEach(async () => {
  smtp.release()
  smtp.received.length = 0
  await db.query(`delete from mail_outbox`)
})

describe('the mail worker over real SMTP', () => {
  it('sends a queued mail with its text, HTML, headers and Message-ID, and marks it sent', async () => {
    const id = await queueMail(db, {
      to: { address: 'ana@example.test', name: 'Ana Pérez' },
      subject: 'Reset your password',
      unsubscribeUrl: 'http://localhost:3000/unsubscribe?t=x',
    })
    const worker = workerFor(db, smtp)
    expect(await worker.runOnce()).toEqual({ sent: 1, retried: 0, dead: 0 })
    const mail = smtp.received[0]!
    const row = await rowOf(db, id)
    expect(mail.to).toEqual([{ address: 'ana@example.test', name: 'Ana Pérez' }])
    expect(mail.envelopeTo).toEqual(['ana@example.test'])
    expect(mail.from).toBe('no-reply@lotline.test')
    expect(mail.subject).toBe('Reset your password')
    expect(mail.text).toContain('Hello')
    expect(mail.html).toContain('<p>Hello')
    expect(mail.messageId).toBe(row.message_id)
    expect(mail.headerLines.find((h) => h.key === 'list-unsubscribe')?.line).toContain(
      '<http://localhost:3000/unsubscribe?t=x>',
    )
    expect(linkIn(mail, '/reset').searchParams.get('token')).toMatch(/^abc/)
    expect(row.status).toBe('sent')
    expect(row.sent_at).not.toBeNull()
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, dead: 0 })
    expect(smtp.received).toHaveLength(1)
  })

  it('keeps a mail queued while the server refuses with 4xx, then delivers it once', async () => {
    const clock = movableClock()
    const id = await queueMail(db)
    const worker = workerFor(db, smtp, { now: clock.now, retryBaseMs: 30_000 })
    smtp.refuseNext(2, 451)
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 1, dead: 0 })
    let row = await rowOf(db, id)
    expect(row.status).toBe('pending')
    expect(row.last_error).toContain('451')
    expect(row.next_attempt_at.getTime()).toBeGreaterThan(clock.now().getTime() + 29_000)
    // Not due yet: nothing is tried before the backoff ends.
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, dead: 0 })
    clock.advance(31_000)
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 1, dead: 0 })
    row = await rowOf(db, id)
    // Exponential: the second wait is twice the first.
    expect(row.next_attempt_at.getTime()).toBeGreaterThan(clock.now().getTime() + 59_000)
    clock.advance(61_000)
    expect(await worker.runOnce()).toEqual({ sent: 1, retried: 0, dead: 0 })
    expect(smtp.received).toHaveLength(1)
    expect((await rowOf(db, id)).status).toBe('sent')
  })

  it('keeps a mail queued when the server stalls, then delivers it once', async () => {
    const clock = movableClock()
    const id = await queueMail(db)
    const worker = workerFor(db, smtp, { now: clock.now })
    smtp.stall()
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 1, dead: 0 })
    const row = await rowOf(db, id)
    expect(row.status).toBe('pending')
    expect(row.next_attempt_at.getTime()).toBeGreaterThan(clock.now().getTime())
    smtp.release()
    clock.advance(31_000)
    expect(await worker.runOnce()).toEqual({ sent: 1, retried: 0, dead: 0 })
    expect(smtp.received).toHaveLength(1)
  })

  it('keeps a mail queued when the connection drops mid-message, then delivers it once', async () => {
    const clock = movableClock()
    const id = await queueMail(db, { text: 'x'.repeat(200_000) })
    const worker = workerFor(db, smtp, { now: clock.now })
    smtp.dropNext(1)
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 1, dead: 0 })
    expect((await rowOf(db, id)).status).toBe('pending')
    expect(smtp.received).toHaveLength(0)
    clock.advance(31_000)
    expect(await worker.runOnce()).toEqual({ sent: 1, retried: 0, dead: 0 })
    expect(smtp.received).toHaveLength(1)
  })

  it('claims a mail in the very millisecond it was queued (the nudge after a commit)', async () => {
    // The database stamps a row with microseconds, the worker's clock has milliseconds: claimed at
    // once, most rows used to look a fraction of a millisecond early and wait for the next poll.
    for (let i = 0; i < 20; i++) {
      await insertMail(db, mail(i), { messageDomain: 'lotline.test', keep: false })
      const claimed = await claimDueMails(db, { now: new Date(), limit: 5, leaseSeconds: 60 })
      expect(claimed.map((c) => c.subject)).toEqual([`Now ${i}`])
    }
  })

  it('gives up into dead on a permanent 5xx refusal, and after the last attempt', async () => {
    const clock = movableClock()
    const refused = await queueMail(db)
    const worker = workerFor(db, smtp, { now: clock.now, maxAttempts: 2 })
    smtp.refuseNext(1, 550)
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, dead: 1 })
    expect((await rowOf(db, refused)).status).toBe('dead')
    expect((await rowOf(db, refused)).last_error).toContain('550')

    const tired = await queueMail(db)
    smtp.refuseNext(5, 421)
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 1, dead: 0 })
    clock.advance(31_000)
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, dead: 1 })
    const row = await rowOf(db, tired)
    expect(row.status).toBe('dead')
    expect(row.attempts).toBe(2)
    expect(row.last_error).toContain('gave up after 2 attempts')
    clock.advance(3_600_000)
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, dead: 0 })
    expect(smtp.received).toHaveLength(0)
  })

  it(`sends each of 20 mails once with two workers on one database${raceNote}`, async () => {
    const ids: number[] = []
    for (let i = 0; i < 20; i++) ids.push(await queueMail(db))
    const a = workerFor(db, smtp, { batchSize: 3, concurrency: 2 })
    const b = workerFor(db, smtp, { batchSize: 3, concurrency: 2 })
    const [ra, rb] = await Promise.all([a.runOnce(), b.runOnce()])
    expect(ra.sent + rb.sent).toBe(20)
    const ids2 = smtp.received.map((m) => m.messageId)
    expect(new Set(ids2).size).toBe(20)
    expect(smtp.received).toHaveLength(20)
    const { rows } = await db.query<{ n: string }>(
      `select count(*) as n from mail_outbox where status = 'sent'`,
    )
    expect(Number(rows[0]!.n)).toBe(20)
  })

  it('after a restart, sends a mail whose sender died once its lease ends, with the same Message-ID', async () => {
    const clock = movableClock()
    const id = await queueMail(db)
    // A node claimed it, handed it to SMTP and died before writing `sent`.
    const first = workerFor(db, smtp, { now: clock.now, leaseSeconds: 120 })
    smtp.stall()
    const dying = first.runOnce()
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect((await rowOf(db, id)).status).toBe('sending')
    const second = workerFor(db, smtp, { now: clock.now, leaseSeconds: 120 })
    // The lease holds: the new node does not send it meanwhile.
    expect(await second.runOnce()).toEqual({ sent: 0, retried: 0, dead: 0 })
    await dying
    smtp.release()
    // The dead node's last write never happened: the row is still leased, as a crash leaves it.
    await db.query(
      `update mail_outbox set status = 'sending', next_attempt_at = $2, locked_until = $2, last_error = null
        where id = $1`,
      [id, new Date(clock.now().getTime() + 120_000)],
    )
    expect(await second.runOnce()).toEqual({ sent: 0, retried: 0, dead: 0 })
    clock.advance(121_000)
    expect(await second.runOnce()).toEqual({ sent: 1, retried: 0, dead: 0 })
    expect(await second.runOnce()).toEqual({ sent: 0, retried: 0, dead: 0 })
    expect(smtp.received).toHaveLength(1)
    expect(smtp.received[0]!.messageId).toBe((await rowOf(db, id)).message_id)
    expect((await rowOf(db, id)).status).toBe('sent')
  })

  it('stops gracefully: waits for the send in flight, writes its outcome, and a new worker sends it once', async () => {
    const clock = movableClock()
    const id = await queueMail(db)
    smtp.stall()
    const first = workerFor(db, smtp, { now: clock.now, pollMs: 60_000 })
    first.start()
    await new Promise((resolve) => setTimeout(resolve, 150))
    expect((await rowOf(db, id)).status).toBe('sending')
    await first.stop()
    // The send timed out before stop() returned, and its outcome is in the row: not left leased.
    const row = await rowOf(db, id)
    expect(row.status).toBe('pending')
    expect(row.attempts).toBe(1)
    smtp.release()
    const next = workerFor(db, smtp, { now: clock.now })
    clock.advance(31_000)
    expect(await next.runOnce()).toEqual({ sent: 1, retried: 0, dead: 0 })
    expect(await next.runOnce()).toEqual({ sent: 0, retried: 0, dead: 0 })
    expect(smtp.received.map((m) => m.messageId)).toEqual([row.message_id])
  })

  it('lets no display name or subject with CR/LF add a header at the receiver', async () => {
    await queueMail(db, {
      to: { address: 'eve@example.test', name: 'Eve\r\nBcc: victim@example.test\r\nX-Evil: 1' },
      subject: 'Hi\r\nBcc: victim2@example.test\nX-Evil: 2',
      unsubscribeUrl: 'http://localhost:3000/u\r\nX-Evil: 3',
      text: 'Body\r\nBcc: victim3@example.test\r\n\r\nX-Evil: 4',
    })
    await workerFor(db, smtp).runOnce()
    const mail = smtp.received[0]!
    const keys = mail.headerLines.map((h) => h.key)
    expect(keys).not.toContain('bcc')
    expect(keys).not.toContain('x-evil')
    expect(keys.filter((k) => k === 'to')).toHaveLength(1)
    expect(mail.envelopeTo).toEqual(['eve@example.test'])
    const headerBlock = mail.raw.split(/\r?\n\r?\n/)[0]!
    expect(headerBlock).not.toMatch(/^(bcc|x-evil):/im)
    expect(mail.headerLines.find((h) => h.key === 'list-unsubscribe')?.line).toBe(
      'List-Unsubscribe: <http://localhost:3000/u X-Evil: 3>',
    )
    // In the body, the same text is only text.
    expect(mail.text).toContain('Bcc: victim3@example.test')
    expect(mail.to[0]!.address).toBe('eve@example.test')
    expect(mail.subject).toBe('Hi Bcc: victim2@example.test X-Evil: 2')
  })

  it('never sends to an address that is not a plain one', async () => {
    const id = await queueMail(db, {
      to: { address: 'eve@example.test>\r\nBcc: x@example.test', name: null },
    })
    const before = smtp.attempts
    expect(await workerFor(db, smtp).runOnce()).toEqual({ sent: 0, retried: 0, dead: 1 })
    expect((await rowOf(db, id)).status).toBe('dead')
    expect(smtp.attempts).toBe(before)
    expect(smtp.received).toHaveLength(0)
  })
})
