import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { json, mockApi, problem } from '../../testing/http'
import { renderWithApp } from '../../testing/render'
import ConfirmEmailScreen from './ConfirmEmailScreen'
import { EmailSection } from './EmailSection'
import ForgotPasswordScreen from './ForgotPasswordScreen'
import ResetPasswordScreen from './ResetPasswordScreen'
import SignInScreen from './SignInScreen'
import VerifyEmailScreen from './VerifyEmailScreen'
import { VerifyEmailNotice } from './VerifyEmailNotice'

const TOKEN = 'abcdefghijABCDEFGHIJ0123456789_-abcdefghij'.padEnd(43, 'x')
const alice = {
  id: 'u1',
  name: 'Alice',
  email: 'alice@lotline.test',
  role: 'member' as const,
  alias: 'Bidder 7F3A',
  createdAt: '2026-01-01T00:00:00Z',
  emailVerified: false,
}
const signedOut = () => json({ user: null })
const signedIn =
  (user = alice) =>
  () =>
    json({ user })

function fill(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } })
}

async function bodyOf(requests: Request[], path: string) {
  const request = requests.find((r) => r.method === 'POST' && r.url.endsWith(path))
  return request ? ((await request.clone().json()) as Record<string, unknown>) : undefined
}

describe('forgot password', () => {
  it('is linked from the sign-in screen', async () => {
    mockApi({ 'GET /api/session': signedOut })
    renderWithApp(<SignInScreen />, { path: '/sign-in' })
    const link = await screen.findByRole('link', { name: 'Forgot password?' })
    expect(link.getAttribute('href')).toBe('/forgot-password')
  })

  it('sends the address in its one spelling and says the same thing whatever the answer', async () => {
    const { requests } = mockApi({
      'GET /api/session': signedOut,
      'POST /api/auth/password-reset': () => json({}, 202),
    })
    renderWithApp(<ForgotPasswordScreen />, { path: '/forgot-password' })
    fill(/e-?mail/i, '  Alice@Lotline.TEST ')
    fireEvent.click(screen.getByRole('button', { name: 'Send the link' }))
    expect(
      await screen.findByText(
        'If an account uses that address, we sent it a link. It works for 30 minutes.',
      ),
    ).toBeTruthy()
    expect(await bodyOf(requests, '/api/auth/password-reset')).toEqual({
      email: 'alice@lotline.test',
    })
  })

  it('checks the address before sending anything', async () => {
    const { requests } = mockApi({ 'GET /api/session': signedOut })
    renderWithApp(<ForgotPasswordScreen />, { path: '/forgot-password' })
    fill(/e-?mail/i, 'not-an-address')
    fireEvent.click(screen.getByRole('button', { name: 'Send the link' }))
    expect(await screen.findByText(/Enter an email address like/)).toBeTruthy()
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0)
  })

  it('says when too many were asked', async () => {
    mockApi({
      'GET /api/session': signedOut,
      'POST /api/auth/password-reset': () => problem(429, 'rate_limited', 'Too many'),
    })
    renderWithApp(<ForgotPasswordScreen />, { path: '/forgot-password' })
    fill(/e-?mail/i, 'alice@lotline.test')
    fireEvent.click(screen.getByRole('button', { name: 'Send the link' }))
    expect(await screen.findByRole('alert')).toBeTruthy()
    expect(screen.queryByText(/we sent it a link/)).toBeNull()
  })
})

describe('reset password', () => {
  it('sets the new password with the token and signs in', async () => {
    const { requests } = mockApi({
      'GET /api/session': signedOut,
      'POST /api/auth/password-reset/confirm': () =>
        json({ user: { ...alice, emailVerified: true } }),
    })
    const { location } = renderWithApp(<ResetPasswordScreen />, {
      path: `/reset-password?token=${TOKEN}`,
    })
    fill(/New password/, 'a new long password')
    fireEvent.click(screen.getByRole('button', { name: 'Set the password and sign in' }))
    await waitFor(() => expect(location.history?.at(-1)).toBe('/'))
    expect(await bodyOf(requests, '/api/auth/password-reset/confirm')).toEqual({
      token: TOKEN,
      newPassword: 'a new long password',
    })
  })

  it('refuses a short password on the spot, and shows it with "Show the password"', async () => {
    const { requests } = mockApi({ 'GET /api/session': signedOut })
    renderWithApp(<ResetPasswordScreen />, { path: `/reset-password?token=${TOKEN}` })
    const field = screen.getByLabelText(/New password/)
    expect(field.getAttribute('type')).toBe('password')
    fireEvent.click(screen.getByLabelText('Show the password'))
    expect(field.getAttribute('type')).toBe('text')
    fill(/New password/, 'short')
    fireEvent.click(screen.getByRole('button', { name: 'Set the password and sign in' }))
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'))
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0)
  })

  it('a used or expired link says so, with a way to ask again', async () => {
    mockApi({
      'GET /api/session': signedOut,
      'POST /api/auth/password-reset/confirm': () => problem(400, 'token_invalid', 'used'),
    })
    renderWithApp(<ResetPasswordScreen />, { path: `/reset-password?token=${TOKEN}` })
    fill(/New password/, 'a new long password')
    fireEvent.click(screen.getByRole('button', { name: 'Set the password and sign in' }))
    expect(await screen.findByText(/This link is used, expired/)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe(
      '/forgot-password',
    )
  })

  it('a malformed token is refused without asking the server', async () => {
    const { requests } = mockApi({ 'GET /api/session': signedOut })
    renderWithApp(<ResetPasswordScreen />, { path: '/reset-password?token=short' })
    expect(screen.getByText(/This link is used, expired/)).toBeTruthy()
    expect(screen.queryByLabelText(/New password/)).toBeNull()
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0)
  })
})

describe('links that act at once', () => {
  it('verify-email sends the token once and says it is verified', async () => {
    const { requests } = mockApi({
      'GET /api/session': signedOut,
      'POST /api/auth/verify-email': () => new Response(null, { status: 204 }),
    })
    renderWithApp(<VerifyEmailScreen />, { path: `/verify-email?token=${TOKEN}` })
    expect(await screen.findByText('Your e-mail address is verified.')).toBeTruthy()
    expect(requests.filter((r) => r.url.endsWith('/api/auth/verify-email'))).toHaveLength(1)
  })

  it('confirm-email says when the link is no good', async () => {
    mockApi({
      'GET /api/session': signedIn(),
      'POST /api/auth/confirm-email-change': () => problem(400, 'token_invalid', 'used'),
    })
    renderWithApp(<ConfirmEmailScreen />, { path: `/confirm-email?token=${TOKEN}` })
    expect(await screen.findByText(/This link is used, expired/)).toBeTruthy()
  })

  it('confirm-email: another error offers to try again', async () => {
    let calls = 0
    mockApi({
      'GET /api/session': signedIn(),
      'POST /api/auth/confirm-email-change': () =>
        ++calls === 1
          ? problem(409, 'email_taken', 'taken')
          : json({ user: { ...alice, emailVerified: true } }),
    })
    renderWithApp(<ConfirmEmailScreen />, { path: `/confirm-email?token=${TOKEN}` })
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('Your account now uses this address.')).toBeTruthy()
  })
})

describe('the verification notice and the e-mail section', () => {
  it('an unverified member is told why and can ask for the link again', async () => {
    mockApi({
      'GET /api/session': signedIn(),
      'POST /api/me/verification': () => json({ sent: true }, 202),
    })
    renderWithApp(<VerifyEmailNotice what="topUp" />, { path: '/wallet/top-up' })
    expect(await screen.findByText('Verify your e-mail address to top up by card.')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Send the link again' }))
    expect(await screen.findByText('Sent. Check alice@lotline.test.')).toBeTruthy()
  })

  it('says plainly when too many links were sent', async () => {
    mockApi({
      'GET /api/session': signedIn(),
      'POST /api/me/verification': () => problem(429, 'rate_limited', 'limit'),
    })
    renderWithApp(<VerifyEmailNotice what="payouts" />, { path: '/wallet' })
    fireEvent.click(await screen.findByRole('button', { name: 'Send the link again' }))
    expect(
      await screen.findByText('We sent several links already. Try again within the hour.'),
    ).toBeTruthy()
  })

  it('says nothing to a verified member', async () => {
    const { requests } = mockApi({
      'GET /api/session': signedIn({ ...alice, emailVerified: true }),
    })
    const { container } = renderWithApp(<VerifyEmailNotice what="payouts" />)
    await waitFor(() => expect(requests.some((r) => r.url.endsWith('/api/session'))).toBe(true))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(container.textContent).toBe('')
  })

  it('changes the address only by a link: says where it was sent', async () => {
    const { requests } = mockApi({
      'GET /api/session': signedIn(),
      'POST /api/me/email': () => json({}, 202),
    })
    renderWithApp(<EmailSection user={{ ...alice, emailVerified: true }} />, { path: '/account' })
    expect(screen.getByText('Verified')).toBeTruthy()
    fill(/New e-mail address/, 'New@Lotline.test')
    fill(/Current password/, 'correct horse battery')
    fireEvent.click(screen.getByRole('button', { name: 'Change e-mail' }))
    expect(
      await screen.findByText(
        'We sent a link to New@Lotline.test; nothing changes until you open it.',
      ),
    ).toBeTruthy()
    expect(await bodyOf(requests, '/api/me/email')).toEqual({
      newEmail: 'new@lotline.test',
      password: 'correct horse battery',
    })
  })

  it('an address in use is said next to the field', async () => {
    mockApi({
      'GET /api/session': signedIn(),
      'POST /api/me/email': () =>
        problem(409, 'email_taken', 'taken', {
          newEmail: 'An account with this email already exists.',
        }),
    })
    renderWithApp(<EmailSection user={alice} />, { path: '/account' })
    expect(screen.getByText('Not verified yet')).toBeTruthy()
    fill(/New e-mail address/, 'bob@lotline.test')
    fill(/Current password/, 'correct horse battery')
    fireEvent.click(screen.getByRole('button', { name: 'Change e-mail' }))
    const field = screen.getByLabelText(/New e-mail address/)
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'))
    expect(screen.getAllByText(/already/).length).toBeGreaterThan(0)
  })
})
