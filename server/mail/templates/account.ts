import type { MailLanguage } from '../../../common/auth-tokens.ts'
import { renderMail, type RenderedMail } from '../layout.ts'

/**
 * The account mails (issue 31, decision 0054): password reset, address verification, and the
 * two mails of an address change. Each in English and Spanish; the member's name appears in the
 * text only (renderMail escapes it in the HTML), never in a subject or header.
 */

/** One account mail's words in one language; the greeting is added by `accountMail`. */
interface AccountWords {
  subject: string
  heading: string
  body: string[]
  action: string
  /** The small print under the button. */
  ignore?: string
}

function greeting(lang: MailLanguage, name: string): string {
  return lang === 'es' ? `Hola, ${name}:` : `Hello ${name},`
}

/** Every account mail has the same shape: greeting, body, one button, maybe small print. */
function accountMail(
  lang: MailLanguage,
  input: { name: string; url: string },
  words: AccountWords,
): RenderedMail {
  return renderMail(
    {
      subject: words.subject,
      heading: words.heading,
      paragraphs: [greeting(lang, input.name), ...words.body],
      action: { label: words.action, url: input.url },
      ...(words.ignore ? { footer: [words.ignore] } : {}),
    },
    lang,
  )
}

export function passwordResetMail(
  lang: MailLanguage,
  input: { name: string; url: string },
): RenderedMail {
  const words: Record<MailLanguage, AccountWords> = {
    en: {
      subject: 'Reset your Lotline password',
      heading: 'Reset your password',
      body: [
        'Someone asked to reset the password of your Lotline account. The link below works once, for 30 minutes. Opening it signs out every other device.',
      ],
      action: 'Choose a new password',
      ignore: 'If you did not ask, ignore this mail: your password stays as it is.',
    },
    es: {
      subject: 'Restablece tu contraseña de Lotline',
      heading: 'Restablece tu contraseña',
      body: [
        'Alguien pidió restablecer la contraseña de tu cuenta de Lotline. El enlace funciona una vez, durante 30 minutos. Al usarlo se cierra la sesión en los demás dispositivos.',
      ],
      action: 'Elegir una contraseña nueva',
      ignore: 'Si no lo pediste, ignora este correo: tu contraseña no cambia.',
    },
  }
  return accountMail(lang, input, words[lang])
}

export function verifyEmailMail(
  lang: MailLanguage,
  input: { name: string; url: string },
): RenderedMail {
  const words: Record<MailLanguage, AccountWords> = {
    en: {
      subject: 'Confirm your e-mail address for Lotline',
      heading: 'Confirm your e-mail address',
      body: [
        'Open the link below to confirm this address. Until then you can browse, watch and bid, but not top up by card or request a payout. The link works for 7 days.',
      ],
      action: 'Confirm my address',
      ignore: 'If you did not sign up for Lotline, ignore this mail.',
    },
    es: {
      subject: 'Confirma tu dirección de correo para Lotline',
      heading: 'Confirma tu dirección de correo',
      body: [
        'Abre el enlace para confirmar esta dirección. Hasta entonces puedes explorar, seguir lotes y pujar, pero no recargar con tarjeta ni pedir un pago. El enlace funciona durante 7 días.',
      ],
      action: 'Confirmar mi dirección',
      ignore: 'Si no te registraste en Lotline, ignora este correo.',
    },
  }
  return accountMail(lang, input, words[lang])
}

export function emailChangeMail(
  lang: MailLanguage,
  input: { name: string; url: string },
): RenderedMail {
  const words: Record<MailLanguage, AccountWords> = {
    en: {
      subject: 'Confirm your new e-mail address for Lotline',
      heading: 'Confirm your new address',
      body: [
        'You asked to use this address for your Lotline account. Nothing changes until you open the link below; it works for 24 hours.',
      ],
      action: 'Use this address',
      ignore: 'If you did not ask, ignore this mail: the account keeps its address.',
    },
    es: {
      subject: 'Confirma tu nueva dirección de correo para Lotline',
      heading: 'Confirma tu nueva dirección',
      body: [
        'Pediste usar esta dirección en tu cuenta de Lotline. Nada cambia hasta que abras el enlace; funciona durante 24 horas.',
      ],
      action: 'Usar esta dirección',
      ignore: 'Si no lo pediste, ignora este correo: la cuenta conserva su dirección.',
    },
  }
  return accountMail(lang, input, words[lang])
}

/** To the old address: the change was asked for (it takes effect only once confirmed). */
export function emailChangeNoticeMail(
  lang: MailLanguage,
  input: { name: string; newEmail: string; accountUrl: string },
): RenderedMail {
  const words: Record<MailLanguage, AccountWords> = {
    en: {
      subject: 'Your Lotline e-mail address is about to change',
      heading: 'A change of e-mail address was asked for',
      body: [
        `Someone signed in to your account asked to use ${input.newEmail} instead of this address. It changes only when the link sent there is opened.`,
        'If it was not you, change your password now: that also cancels the change.',
      ],
      action: 'Open my account',
    },
    es: {
      subject: 'Tu dirección de correo de Lotline está por cambiar',
      heading: 'Se pidió cambiar tu dirección de correo',
      body: [
        `Alguien con acceso a tu cuenta pidió usar ${input.newEmail} en lugar de esta dirección. Solo cambia cuando se abra el enlace enviado allí.`,
        'Si no fuiste tú, cambia tu contraseña ahora: eso también cancela el cambio.',
      ],
      action: 'Abrir mi cuenta',
    },
  }
  return accountMail(lang, { name: input.name, url: input.accountUrl }, words[lang])
}
