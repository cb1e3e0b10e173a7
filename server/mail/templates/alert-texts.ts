/** The languages mails are written in (users.lang). */
export type MailLang = 'en' | 'es'

/** Every alert mail ends with why it came and how to stop it in one click. */
export function alertFooter(lang: MailLang, unsubscribeUrl: string): string[] {
  return lang === 'es'
    ? [
        'Recibes este correo porque tienes activados estos avisos en Cuenta → Avisos.',
        `Darte de baja de estos correos con un clic: ${unsubscribeUrl}`,
      ]
    : [
        'You get this mail because these alerts are on in Account → Alerts.',
        `Stop these mails in one click: ${unsubscribeUrl}`,
      ]
}
