import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../../server/config.ts'
import { configProblems } from '../helpers.ts'

/** SMTP_URL, MAIL_FROM, EMAIL and APP_URL (decision 0054, docs/configuration.md). */
const PRODUCTION = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'a'.repeat(40),
  PUSHER_APP_KEY: 'prod-key',
  PUSHER_APP_SECRET: 'prod-secret',
  WEB_PUSH: 'off',
}
const MAIL = {
  SMTP_URL: 'smtps://lotline:secret@smtp.example.com:465',
  MAIL_FROM: 'Lotline <no-reply@example.com>',
  APP_URL: 'https://lotline.example.com',
}

describe('mail configuration', () => {
  it('refuses production without SMTP_URL, MAIL_FROM or APP_URL, naming each', () => {
    for (const missing of ['SMTP_URL', 'MAIL_FROM', 'APP_URL'] as const) {
      const env: Record<string, string> = { ...PRODUCTION, ...MAIL }
      delete env[missing]
      expect(configProblems(env).join('\n'), missing).toContain(`${missing} is required`)
    }
  })

  it('starts production with all three in smtp mode, or with EMAIL=off and none', () => {
    const on = loadConfig({ ...PRODUCTION, ...MAIL })
    expect(on.mail).toEqual({
      mode: 'smtp',
      smtpUrl: MAIL.SMTP_URL,
      from: MAIL.MAIL_FROM,
    })
    expect(loadConfig({ ...PRODUCTION, EMAIL: 'off' }).mail.mode).toBe('off')
  })

  it('keeps mail for /dev/mail in local mode without SMTP_URL, and sends with it', () => {
    const local = loadConfig({ NODE_ENV: 'development' })
    expect(local.mail.mode).toBe('outbox')
    expect(local.mail.from).toBe('Lotline <lotline@localhost>')
    expect(
      loadConfig({ NODE_ENV: 'development', SMTP_URL: 'smtp://127.0.0.1:1025' }).mail.mode,
    ).toBe('smtp')
  })

  it('refuses an SMTP_URL that is not smtp(s):// and a MAIL_FROM of more than one line', () => {
    expect(configProblems({ SMTP_URL: 'http://mail.example.com' }).join('\n')).toContain(
      'SMTP_URL must look like',
    )
    expect(
      configProblems({ MAIL_FROM: 'Lotline <a@example.com>\r\nBcc: x@example.com' }).join('\n'),
    ).toContain('MAIL_FROM must be one line')
    expect(configProblems({ EMAIL: 'maybe' }).join('\n')).toContain('EMAIL')
  })
})
