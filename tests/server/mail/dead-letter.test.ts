import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailOutbox } from '../../../server/mail/outbox.ts'
import { smtpSettings, startSmtpStandIn, type SmtpStandIn } from '../../mail/smtp-stand-in.ts'
import { member } from '../auction-helpers.ts'
import { createTestApp, testConfig, type TestApp } from '../helpers.ts'
import { workerFor } from './helpers.ts'

let smtp: SmtpStandIn
let t: TestApp
let config: ReturnType<typeof testConfig>

beforeAll(async () => {
  smtp = await startSmtpStandIn()
  config = testConfig({ ...smtpSettings(smtp), APP_URL: 'https://lotline.example.com' })
  t = await createTestApp({ config })
})
afterAll(async () => {
  await t.close()
  await smtp.close()
})

describe('a dead letter, end to end', () => {
  it('is refused for good, listed in /admin, queued again by an admin and delivered once', async () => {
    expect(config.mail.mode).toBe('smtp')
    const outbox = mailOutbox(config)
    await t.db.transaction((tx) =>
      outbox.enqueue(tx, {
        userId: null,
        to: { address: 'gone@example.test', name: 'Gone' },
        kind: 'password_reset',
        lang: 'en',
        subject: 'Reset your password',
        text: `Reset it: ${outbox.base}reset?token=abc`,
        html: '<p>Reset it</p>',
      }),
    )
    const worker = workerFor(t.db, smtp)
    smtp.refuseNext(1, 550)
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, dead: 1 })
    expect(smtp.received).toHaveLength(0)

    const admin = await member(t.app, t.db, config, { role: 'admin' })
    const dead = await admin.b.request({ method: 'GET', url: '/api/admin/mail?status=dead' })
    const [mail] = dead.json().items
    expect(mail).toMatchObject({ toAddress: 'gone@example.test', status: 'dead', attempts: 1 })
    expect(mail.lastError).toContain('550')
    // Dead stays dead: no worker pass sends it by itself.
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, dead: 0 })

    const retry = await admin.b.request({
      method: 'POST',
      url: `/api/admin/mail/${mail.id}/retry`,
      payload: { reason: 'The mailbox exists again' },
    })
    expect(retry.statusCode).toBe(200)
    expect(await worker.runOnce()).toEqual({ sent: 1, retried: 0, dead: 0 })
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, dead: 0 })
    expect(smtp.received).toHaveLength(1)
    expect(smtp.received[0]!.text).toContain('https://lotline.example.com/reset?token=abc')
    const sent = await admin.b.request({ method: 'GET', url: '/api/admin/mail?status=sent' })
    expect(sent.json().items[0]).toMatchObject({ id: mail.id, status: 'sent', lastError: null })
  })
})
