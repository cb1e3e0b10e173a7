import { describe, expect, it } from 'vitest'
import {
  emailChangeMail,
  emailChangeNoticeMail,
  passwordResetMail,
  verifyEmailMail,
} from '../../../server/mail/templates/account.ts'

/** The account mails (server/mail/templates/account.ts): each in English and Spanish. */
const NAME = 'Ana "<b>" & Co'
const URL = 'https://lotline.example/reset-password?token=abc&x=1'
const mails = {
  passwordReset: (lang: 'en' | 'es') => passwordResetMail(lang, { name: NAME, url: URL }),
  verifyEmail: (lang: 'en' | 'es') => verifyEmailMail(lang, { name: NAME, url: URL }),
  emailChange: (lang: 'en' | 'es') => emailChangeMail(lang, { name: NAME, url: URL }),
  emailChangeNotice: (lang: 'en' | 'es') =>
    emailChangeNoticeMail(lang, { name: NAME, newEmail: 'new@x.test', accountUrl: URL }),
}

describe.each(Object.entries(mails))('%s', (_kind, render) => {
  it('differs by language, names the member in the text and escapes them in the HTML', () => {
    const en = render('en')
    const es = render('es')
    expect(en.subject).not.toBe(es.subject)
    expect(en.text).not.toBe(es.text)
    for (const mail of [en, es]) {
      expect(mail.subject).not.toContain(NAME)
      expect(mail.subject).not.toMatch(/[\r\n]/)
      expect(mail.text).toContain(NAME)
      expect(mail.text).toContain(URL)
      expect(mail.html).toContain('Ana &quot;&lt;b&gt;&quot; &amp; Co')
      expect(mail.html).not.toContain('<b>"')
      expect(mail.html).toContain(`href="${URL.replace('&', '&amp;')}"`)
      expect(mail.text).not.toMatch(/\{\w+\}|undefined/)
    }
    expect(es.html).toContain('<html lang="es">')
    expect(en.html).toContain('<html lang="en">')
  })
})

it('the notice to the old address names the new one and carries no token', () => {
  const mail = emailChangeNoticeMail('en', {
    name: 'Ana',
    newEmail: 'new@x.test',
    accountUrl: 'https://lotline.example/account',
  })
  expect(mail.text).toContain('new@x.test')
  expect(mail.text).not.toContain('token')
})
