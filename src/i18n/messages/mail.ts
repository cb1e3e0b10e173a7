import type { Message } from '../types'

/**
 * English messages of e-mail (issue 31, decision 0054): password reset, verified addresses, the
 * e-mail change, e-mail alerts. Loaded with the other screens' (src/i18n/more.ts).
 */
export const mailEn = {
  'errors.token_invalid': 'This link is used, expired or not one of ours. Ask for a new one.',
  'errors.email_not_verified':
    'Verify your e-mail address first: we sent you a link when you signed up.',
} satisfies Record<string, Message>
