/**
 * One layout for every mail (decision 0054): a heading, paragraphs, at most one button, a footer;
 * the same words as plain text and as HTML, every piece of text escaped for HTML. Templates in
 * server/mail/templates/ build on it.
 */
export interface MailContent {
  subject: string
  heading: string
  paragraphs: string[]
  action?: { label: string; url: string }
  /** Small print: why this mail came, how to stop it. */
  footer?: string[]
}

export interface RenderedMail {
  subject: string
  text: string
  html: string
}

export function renderMail(content: MailContent, lang: string): RenderedMail {
  const text = [
    content.heading,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    ...(content.footer ? ['--', ...content.footer] : []),
  ].join('\n')
  const html = `<!doctype html>
<html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>
<body style="font-family:system-ui,sans-serif;color:#1d1b18;background:#f5f3ee;margin:0;padding:24px">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(content.heading)}</h1>
${content.paragraphs.map((p) => `<p style="line-height:1.5">${escapeHtml(p)}</p>`).join('\n')}
${
  content.action
    ? `<p><a href="${escapeHtml(content.action.url)}" style="display:inline-block;background:#8a5a00;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(content.action.label)}</a></p>
<p style="font-size:13px;color:#55504a">${escapeHtml(content.action.url)}</p>`
    : ''
}
${content.footer ? `<hr style="border:0;border-top:1px solid #ddd"><p style="font-size:12px;color:#55504a">${content.footer.map(escapeHtml).join('<br>')}</p>` : ''}
</div></body></html>`
  return { subject: content.subject, text, html }
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}
