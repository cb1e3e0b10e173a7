import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Database } from '../../db/types.ts'
import { notFound } from '../../lib/problem.ts'
import { escapeHtml } from '../../mail/layout.ts'
import { mailById, newestMails, type KeptMail } from '../../repositories/mail-outbox.ts'

const NEWEST = 100
const Params = Type.Object({ id: Type.String({ pattern: '^[1-9][0-9]{0,15}$' }) })

/**
 * Local mode's mailbox (decision 0054): every mail the app wrote, newest first, whatever its
 * status — so `npm start` alone shows each one. Never in production: there these paths answer 404
 * like any unknown one (the app shell would otherwise take them). Not in the OpenAPI document.
 */
const devMailRoutes: FastifyPluginAsyncTypebox<{ db: Database; production: boolean }> = async (
  app,
  { db, production },
) => {
  if (production) {
    const none = async () => {
      throw notFound('Page')
    }
    app.get('/dev/mail', { schema: { hide: true } }, none)
    app.get('/dev/mail.json', { schema: { hide: true } }, none)
    app.get('/dev/mail/*', { schema: { hide: true } }, none)
    return
  }

  app.get('/dev/mail.json', { schema: { hide: true } }, async (_request, reply) => {
    void reply.header('Cache-Control', 'no-store')
    return { items: await newestMails(db, NEWEST) }
  })

  app.get('/dev/mail', { schema: { hide: true } }, async (_request, reply) => {
    const mails = await newestMails(db, NEWEST)
    void reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8')
    return page('Mail', listOf(mails))
  })

  app.get('/dev/mail/:id', { schema: { hide: true, params: Params } }, async (request, reply) => {
    const mail = await mailById(db, Number(request.params.id))
    if (!mail) throw notFound('Mail')
    void reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8')
    return page(mail.subject, oneMail(mail))
  })
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(title)} · Lotline local mail</title></head>
<body style="font-family:system-ui,sans-serif;margin:24px;color:#1d1b18">
<p style="color:#55504a">Local mode: every mail the app wrote, kept here instead of being sent.</p>
${body}
</body></html>`
}

function listOf(mails: KeptMail[]): string {
  if (!mails.length) return '<h1>Mail</h1><p>No mail yet.</p>'
  const rows = mails
    .map(
      (m) => `<tr><td><a href="mail/${m.id}">${escapeHtml(m.subject)}</a></td>
<td>${escapeHtml(m.toName ? `${m.toName} <${m.toAddress}>` : m.toAddress)}</td>
<td>${escapeHtml(m.kind)}</td><td>${escapeHtml(m.status)}</td>
<td><time datetime="${m.createdAt}">${m.createdAt}</time></td></tr>`,
    )
    .join('\n')
  return `<h1>Mail</h1>
<table style="border-collapse:collapse" cellpadding="6">
<thead><tr><th align="left">Subject</th><th align="left">To</th><th align="left">Kind</th><th align="left">Status</th><th align="left">Written</th></tr></thead>
<tbody>${rows}</tbody></table>`
}

function oneMail(mail: KeptMail): string {
  const headers: Array<[string, string]> = [
    ['To', mail.toName ? `${mail.toName} <${mail.toAddress}>` : mail.toAddress],
    ['Subject', mail.subject],
    ['Message-ID', mail.messageId],
    ['Kind', mail.kind],
    ['Language', mail.lang],
    ['Status', mail.status],
    ['Written', mail.createdAt],
    ...Object.entries(mail.headers),
  ]
  return `<p><a href="../mail">All mail</a></p>
<h1>${escapeHtml(mail.subject)}</h1>
<dl>${headers.map(([k, v]) => `<dt><b>${escapeHtml(k)}</b></dt><dd>${escapeHtml(v)}</dd>`).join('')}</dl>
<h2>Text</h2>
<pre style="white-space:pre-wrap;background:#f5f3ee;padding:12px">${escapeHtml(mail.text)}</pre>
<h2>HTML</h2>
<iframe title="The mail's HTML part" sandbox srcdoc="${escapeHtml(mail.html)}" style="width:100%;height:600px;border:1px solid #ddd"></iframe>`
}

export default devMailRoutes
