import type { Message } from '../types'

/**
 * English messages of e-mail (issue 31, decision 0054): password reset, verified addresses, the
 * e-mail change, e-mail alerts. Loaded with the other screens' (src/i18n/more.ts).
 */
export const mailEn = {
  'errors.token_invalid': 'This link is used, expired or not one of ours. Ask for a new one.',
  'errors.email_not_verified':
    'Verify your e-mail address first: we sent you a link when you signed up.',
  'mail.backToSignIn': 'Back to sign in',
  'mail.toAccount': 'Go to your account',
  'mail.askAgain': 'Ask for a new link',
  'mail.tryAgain': 'Try again',
  'mail.link.checking': 'Checking the link…',
  'mail.link.offline': 'You are offline. The link is checked as soon as you are back online.',
  'mail.forgot.link': 'Forgot password?',
  'mail.forgot.title': 'Reset your password',
  'mail.forgot.intro':
    'Enter the e-mail address of your account. We will send it a link to choose a new password.',
  'mail.forgot.submit': 'Send the link',
  'mail.forgot.pending': 'Sending…',
  'mail.forgot.sent':
    'If an account uses that address, we sent it a link. It works for 30 minutes.',
  'mail.reset.title': 'Choose a new password',
  'mail.reset.newPassword': 'New password',
  'mail.reset.hint': 'At least {min} characters. Every other device will be signed out.',
  'mail.reset.show': 'Show the password',
  'mail.reset.submit': 'Set the password and sign in',
  'mail.reset.pending': 'Saving…',
  'mail.verify.title': 'Verify your e-mail address',
  'mail.verify.done': 'Your e-mail address is verified.',
  'mail.verify.askAgain': 'Send a new link from your account',
  'mail.confirm.title': 'Confirm your new e-mail address',
  'mail.confirm.done': 'Your account now uses this address.',
  'mail.confirm.askAgain': 'Ask again from your account',
  'mail.gate.label': 'Verify your e-mail address',
  'mail.gate.topUp': 'Verify your e-mail address to top up by card.',
  'mail.gate.payouts': 'Verify your e-mail address to set up payouts and pay out.',
  'mail.gate.where': 'Open the link we sent to {email}.',
  'mail.gate.resend': 'Send the link again',
  'mail.gate.sending': 'Sending…',
  'mail.gate.sent': 'Sent. Check {email}.',
  'mail.gate.limited': 'We sent several links already. Try again within the hour.',
  'mail.account.title': 'E-mail address',
  'mail.account.verified': 'Verified',
  'mail.account.unverified': 'Not verified yet',
  'mail.account.newEmail': 'New e-mail address',
  'mail.account.password': 'Current password',
  'mail.account.submit': 'Change e-mail',
  'mail.account.pending': 'Sending…',
  'mail.account.sent': 'We sent a link to {email}; nothing changes until you open it.',
} satisfies Record<string, Message>
