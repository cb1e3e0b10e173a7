import { onlineManager } from '@tanstack/react-query'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, onTestFinished } from 'vitest'
import { setLanguage } from '../../i18n'
import { json, mockApi, problem } from '../../testing/http'
import { renderWithApp } from '../../testing/render'
import SignInScreen from './SignInScreen'
import SignUpScreen from './SignUpScreen'

const alice = {
  id: 'u1',
  name: 'Alice',
  email: 'alice@lotline.test',
  role: 'member',
  alias: 'Bidder 7F3A',
  createdAt: '2026-01-01T00:00:00Z',
}
const signedOut = () => json({ user: null })

function fill(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } })
}

describe('sign-in screen', () => {
  it('validates on the client before sending anything, and focuses the first bad field', async () => {
    const { requests } = mockApi({ 'GET /api/session': signedOut })
    renderWithApp(<SignInScreen />, { path: '/sign-in' })
    fill(/email/i, 'not-an-email')
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))

    const email = screen.getByLabelText(/email/i)
    expect(await screen.findByText(/Enter an email address like/)).toBeTruthy()
    expect(screen.getByText('Enter your password.')).toBeTruthy()
    expect(email.getAttribute('aria-invalid')).toBe('true')
    expect(email.getAttribute('aria-describedby')).toContain('error')
    expect(document.activeElement).toBe(email)
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0)
  })

  it('shows wrong credentials from the server above the form, translated by code', async () => {
    mockApi({
      'GET /api/session': signedOut,
      'POST /api/auth/login': () => problem(401, 'invalid_credentials', 'Invalid credentials'),
    })
    renderWithApp(<SignInScreen />, { path: '/sign-in' })
    fill(/email/i, 'alice@lotline.test')
    fill(/password/i, 'wrong-password')
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    const message = await screen.findByText('That email and password do not match an account.')
    expect(message.getAttribute('role')).toBe('alert')
  })

  it('shows server field errors next to their fields', async () => {
    mockApi({
      'GET /api/session': signedOut,
      'POST /api/auth/login': () =>
        problem(422, 'validation_failed', 'Invalid input', { email: 'Unknown email domain' }),
    })
    renderWithApp(<SignInScreen />, { path: '/sign-in' })
    fill(/email/i, 'alice@lotline.test')
    fill(/password/i, 'lotline-demo')
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    const message = await screen.findByText('Unknown email domain')
    const email = screen.getByLabelText(/email/i)
    expect(email.getAttribute('aria-describedby')).toContain(message.id)
    // Editing the field clears its server error.
    fill(/email/i, 'alice@lotline.tes')
    expect(screen.queryByText('Unknown email domain')).toBeNull()
  })

  it('signs in, stores the user and goes back to where the user came from', async () => {
    const { requests } = mockApi({
      'GET /api/session': signedOut,
      'POST /api/auth/login': () => json({ user: alice }),
    })
    const { client, location } = renderWithApp(<SignInScreen />, {
      path: '/sign-in?next=%2Faccount',
    })
    fill(/email/i, ' alice@lotline.test ')
    fill(/password/i, 'lotline-demo')
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    await waitFor(() => expect(location.history.at(-1)).toBe('/account'))
    expect(client.getQueryData(['me'])).toEqual(alice)
    const post = requests.find((r) => r.method === 'POST')!
    expect(await post.clone().json()).toEqual({
      email: 'alice@lotline.test',
      password: 'lotline-demo',
    })
  })

  it('is disabled with a reason while offline', async () => {
    mockApi({ 'GET /api/session': signedOut })
    act(() => onlineManager.setOnline(false))
    renderWithApp(<SignInScreen />, { path: '/sign-in' })
    const button = screen.getByRole('button', { name: 'Sign in' }) as HTMLButtonElement
    expect(button.disabled).toBe(true)
    const reason = document.getElementById(button.getAttribute('aria-describedby') ?? '')
    expect(reason?.textContent).toMatch(/offline/i)
    act(() => onlineManager.setOnline(true))
    expect(button.disabled).toBe(false)
  })
})

describe('sign-up screen', () => {
  it('applies the shared password rule before calling the API', async () => {
    const { requests } = mockApi({ 'GET /api/session': signedOut })
    renderWithApp(<SignUpScreen />, { path: '/sign-up' })
    fill(/name/i, 'Dora')
    fill(/email/i, 'dora@lotline.test')
    fill(/password/i, 'short')
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }))
    expect(await screen.findByText('Use at least 10 characters.')).toBeTruthy()
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0)
  })

  it("says the app's language: the member's mails are written in it", async () => {
    setLanguage('es')
    onTestFinished(() => setLanguage('en'))
    const { requests } = mockApi({
      'GET /api/session': signedOut,
      'POST /api/auth/register': () => problem(409, 'email_taken', 'Email already registered'),
    })
    renderWithApp(<SignUpScreen />, { path: '/sign-up' })
    fill(/nombre/i, 'Dora')
    fill(/correo/i, 'Dora@Lotline.test')
    fill(/contraseña/i, 'a-long-enough-password')
    fireEvent.submit(screen.getByRole('button', { name: /cuenta/i }).closest('form')!)
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true))
    const sent = requests.find((r) => r.method === 'POST')!
    expect(await sent.clone().json()).toEqual({
      name: 'Dora',
      email: 'dora@lotline.test',
      password: 'a-long-enough-password',
      lang: 'es',
    })
  })

  it('explains an email that is already taken', async () => {
    mockApi({
      'GET /api/session': signedOut,
      'POST /api/auth/register': () => problem(409, 'email_taken', 'Email already registered'),
    })
    renderWithApp(<SignUpScreen />, { path: '/sign-up' })
    fill(/name/i, 'Alice')
    fill(/email/i, 'alice@lotline.test')
    fill(/password/i, 'a-long-enough-password')
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }))
    const message = await screen.findByText(/An account with this email already exists/)
    expect(message.getAttribute('role')).toBe('alert')
  })
})
