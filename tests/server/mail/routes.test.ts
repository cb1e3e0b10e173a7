import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../../server/app.ts'
import { mailOutbox } from '../../../server/mail/outbox.ts'
import { member } from '../auction-helpers.ts'
import { createTestApp, testConfig, type TestApp } from '../helpers.ts'

const config = testConfig()
let t: TestApp
let dist: string

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'lotline-dist-'))
  await mkdir(join(dist, 'assets'))
  await writeFile(join(dist, 'index.html'), '<!doctype html><title>Lotline shell</title>')
  t = await createTestApp({ config, mailSends: () => ({ sent: 3, failed: 2 }) })
})
afterAll(async () => {
  await t.close()
  await rm(dist, { recursive: true, force: true })
})

async function keep(subject: string, name: string | null = 'Ana <b>') {
  const outbox = mailOutbox(config)
  await t.db.transaction((tx) =>
    outbox.enqueue(tx, {
      userId: null,
      to: { address: 'ana@example.test', name },
      kind: 'password_reset',
      lang: 'en',
      subject,
      text: `Reset it: ${outbox.base}reset?token=abc`,
      html: `<p>Reset <script>alert(1)</script> it</p>`,
    }),
  )
}

describe('/dev/mail (local mode)', () => {
  it('lists each kept mail and shows its headers, text and HTML, escaped', async () => {
    expect(config.mail.mode).toBe('outbox')
    await keep('Reset <your> password')
    const json = await t.app.inject({ method: 'GET', url: '/dev/mail.json' })
    expect(json.statusCode).toBe(200)
    const newest = json.json().items[0]
    expect(newest).toMatchObject({
      status: 'kept',
      kind: 'password_reset',
      toAddress: 'ana@example.test',
      subject: 'Reset <your> password',
      text: expect.stringContaining('reset?token=abc'),
      html: expect.stringContaining('<p>Reset'),
      messageId: expect.stringMatching(/^<.+@localhost>$/),
    })

    const list = await t.app.inject({ method: 'GET', url: '/dev/mail' })
    expect(list.statusCode).toBe(200)
    expect(list.headers['content-type']).toMatch(/^text\/html/)
    expect(list.body).toContain('Reset &lt;your&gt; password')
    expect(list.body).toContain(`href="mail/${newest.id}"`)
    expect(list.body).not.toContain('<your>')

    const one = await t.app.inject({ method: 'GET', url: `/dev/mail/${newest.id}` })
    expect(one.statusCode).toBe(200)
    expect(one.body).toContain(newest.messageId.replace('<', '&lt;').replace('>', '&gt;'))
    expect(one.body).toContain('Ana &lt;b&gt; &lt;ana@example.test&gt;')
    // The HTML part only inside a sandboxed frame, never inline in the page.
    expect(one.body).toMatch(/<iframe[^>]* sandbox srcdoc="&lt;p&gt;Reset &lt;script&gt;/)
    expect(one.body).not.toContain('<script>')
    expect(one.body).not.toContain('<p>Reset')

    expect((await t.app.inject({ method: 'GET', url: '/dev/mail/999999' })).statusCode).toBe(404)
    expect((await t.app.inject({ method: 'GET', url: '/dev/mail/x' })).statusCode).toBe(422)
  })

  it('is 404 in production, whatever the mode, and never in the OpenAPI document', async () => {
    const envs: Array<Record<string, string>> = [
      {},
      { SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'a@b.test' },
    ]
    for (const env of envs) {
      const app = await buildApp({
        logger: false,
        config: { ...testConfig(env), production: true },
        db: t.db,
        distDir: dist,
      })
      try {
        for (const url of ['/dev/mail', '/dev/mail.json', '/dev/mail/1', '/dev/mail/x/y']) {
          const res = await app.inject({ method: 'GET', url })
          expect(res.statusCode, url).toBe(404)
          expect(res.body).not.toContain('Lotline shell')
        }
      } finally {
        await app.close()
      }
    }
    const doc = await t.app.inject({ method: 'GET', url: '/api/openapi.json' })
    expect(doc.body).not.toContain('/dev/mail')
  })
})

describe('the outbox in /admin and on /metrics', () => {
  async function deadMail() {
    await keep('Gave up')
    const { rows } = await t.db.query<{ id: string }>(
      `update mail_outbox set status = 'dead', attempts = 8, last_error = '550 No such mailbox'
        where id = (select max(id) from mail_outbox) returning id`,
    )
    return Number(rows[0]!.id)
  }

  it('lists dead mail for admins only, and a retry puts it back in the queue, audited', async () => {
    const admin = await member(t.app, t.db, config, { role: 'admin' })
    const someone = await member(t.app, t.db, config)
    const id = await deadMail()
    const guest = await t.app.inject({ method: 'GET', url: '/api/admin/mail?status=dead' })
    expect(guest.statusCode).toBe(401)
    const memberList = await someone.b.request({ method: 'GET', url: '/api/admin/mail' })
    expect(memberList.statusCode).toBe(403)
    const retryByMember = await someone.b.request({
      method: 'POST',
      url: `/api/admin/mail/${id}/retry`,
      payload: { reason: 'Please' },
    })
    expect(retryByMember.statusCode).toBe(403)

    const list = await admin.b.request({ method: 'GET', url: '/api/admin/mail?status=dead' })
    expect(list.statusCode).toBe(200)
    expect(list.json().items[0]).toMatchObject({
      id,
      status: 'dead',
      attempts: 8,
      lastError: '550 No such mailbox',
    })
    expect(list.json().items.every((m: { status: string }) => m.status === 'dead')).toBe(true)

    const bad = await admin.b.request({
      method: 'POST',
      url: `/api/admin/mail/${id}/retry`,
      payload: { reason: 'x' },
    })
    expect(bad.statusCode).toBe(422)
    const retry = await admin.b.request({
      method: 'POST',
      url: `/api/admin/mail/${id}/retry`,
      payload: { reason: 'Mailbox fixed' },
    })
    expect(retry.statusCode).toBe(200)
    expect(retry.json()).toMatchObject({ id, status: 'pending', attempts: 0 })
    const again = await admin.b.request({
      method: 'POST',
      url: `/api/admin/mail/${id}/retry`,
      payload: { reason: 'Mailbox fixed' },
    })
    expect(again.statusCode).toBe(409)
    expect(again.json().code).toBe('not_retryable')
    const missing = await admin.b.request({
      method: 'POST',
      url: '/api/admin/mail/99999999/retry',
      payload: { reason: 'Mailbox fixed' },
    })
    expect(missing.statusCode).toBe(404)

    const audit = await admin.b.request({ method: 'GET', url: '/api/admin/audit' })
    expect(audit.json().items[0]).toMatchObject({
      action: 'mail.retry',
      targetType: 'mail',
      targetId: String(id),
      targetLabel: 'ana@example.test',
      reason: 'Mailbox fixed',
    })
    const wrongStatus = await admin.b.request({ method: 'GET', url: '/api/admin/mail?status=x' })
    expect(wrongStatus.statusCode).toBe(422)
  })

  it('counts the outbox by status and this node’s sends on /metrics', async () => {
    await deadMail()
    const { rows } = await t.db.query<{ status: string; n: string }>(
      `select status, count(*) as n from mail_outbox group by status`,
    )
    const res = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })
    expect(res.statusCode).toBe(200)
    for (const r of rows) {
      expect(res.body).toContain(`lotline_mail_outbox{status="${r.status}"} ${r.n}`)
    }
    expect(res.body).toContain('lotline_mail_outbox{status="sending"} 0')
    expect(res.body).toContain('lotline_mail_sends_total{outcome="sent"} 3')
    expect(res.body).toContain('lotline_mail_sends_total{outcome="failed"} 2')
  })
})
