import type { AlertGroup } from '../../../common/alerts.ts'
import { escapeHtml } from '../layout.ts'

function groupName(lang: string, group: AlertGroup): string {
  const names = {
    en: {
      outbid: 'outbid alerts',
      endingSoon: 'ending-soon alerts',
      result: 'won and sold mails',
      orders: 'order updates',
      messages: 'message digests',
      topUp: 'top-up receipts',
    },
    es: {
      outbid: 'avisos de puja superada',
      endingSoon: 'avisos de fin próximo',
      result: 'correos de lotes ganados y vendidos',
      orders: 'novedades de pedidos',
      messages: 'resúmenes de mensajes',
      topUp: 'recibos de recargas',
    },
  }
  return (lang === 'es' ? names.es : names.en)[group]
}

/**
 * The page of an unsubscribe link: with `confirmAction` (a visit) a button that posts to the same
 * link; without (after the post) the confirmation. Server-rendered, no script.
 */
export function unsubscribePage(
  lang: string,
  group: AlertGroup,
  { confirmAction }: { confirmAction: string | null },
): string {
  const es = lang === 'es'
  const what = escapeHtml(groupName(lang, group))
  const body = confirmAction
    ? `<h1>${es ? `¿Dejar de recibir ${what} por correo?` : `Stop ${what} by e-mail?`}</h1>
<form method="post" action="${escapeHtml(confirmAction)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">${es ? 'Darme de baja' : 'Unsubscribe'}</button>
</form>`
    : `<h1>${es ? 'Listo' : 'Done'}</h1>
<p>${es ? `Ya no recibirás ${what} por correo. Puedes volver a activarlos en Cuenta → Avisos.` : `You will no longer get ${what} by e-mail. You can turn them back on in Account → Alerts.`}</p>`
  return `<!doctype html>
<html lang="${es ? 'es' : 'en'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Lotline</title></head>
<body style="font-family:system-ui,sans-serif;max-width:480px;margin:40px auto;padding:0 16px">
${body}
</body></html>`
}
