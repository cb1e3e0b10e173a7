import { onlineManager } from '@tanstack/react-query'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { loadStripe } from '@stripe/stripe-js/pure'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { TopUpResponse, TopUpStatus } from '../../../common/wallet'
import { resetStripeLoader } from '../../payments/stripe'
import { json, mockApi, problem, type Handler } from '../../testing/http'
import { renderWithApp } from '../../testing/render'
import { readAttempt, readCurrentTopUp, saveCurrentTopUp } from './top-up-session'
import TopUpScreen from './TopUpScreen'

vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: vi.fn() }))
const load = vi.mocked(loadStripe)

const ID = '0b7d2a52-6f3e-4f0e-9a4c-1f2e3d4c5b6a'
const me = {
  user: {
    id: 'u1',
    name: 'A',
    email: 'a@x.y',
    role: 'member',
    alias: 'Bidder 1',
    createdAt: '',
    emailVerified: true,
  },
}
const config = (publishableKey: string | null) => ({
  realtime: { key: 'k', host: 'localhost', port: 6001, scheme: 'http', cluster: 'mt1' },
  stripe: { publishableKey },
  currency: 'EUR',
  serverTime: new Date().toISOString(),
})
const wallet = {
  balance: 50_000,
  held: 0,
  available: 50_000,
  pending: 0,
  currency: 'EUR',
  version: 3,
}

function topUp(status: TopUpStatus, extra: Partial<TopUpResponse['topUp']> = {}): TopUpResponse {
  return {
    topUp: {
      id: ID,
      amount: 2500,
      currency: 'EUR',
      status,
      failureMessage: null,
      creditedAt: status === 'succeeded' ? new Date(Date.now() - 1000).toISOString() : null,
      createdAt: new Date().toISOString(),
      ...extra,
    },
    clientSecret: status === 'succeeded' || status === 'canceled' ? null : 'pi_1_secret_x',
  }
}

/** A Stripe object shaped like Stripe.js (react-stripe-js test/mocks.js), for the unit tests. */
function fakeStripe(confirm: unknown = { paymentIntent: { id: 'pi_1', status: 'succeeded' } }) {
  const handlers: Record<string, (e: unknown) => void> = {}
  const element = {
    on: vi.fn((name: string, cb: (e: unknown) => void) => {
      handlers[name] = cb
    }),
    mount: vi.fn(() => queueMicrotask(() => handlers.ready?.({}))),
    destroy: vi.fn(),
    clear: vi.fn(),
    focus: vi.fn(),
  }
  const elements = { create: vi.fn(() => element) }
  return {
    elements: vi.fn(() => elements),
    confirmPayment: vi.fn(async () => confirm),
    handleNextAction: vi.fn(async () => ({ paymentIntent: { id: 'pi_1', status: 'succeeded' } })),
    element,
  }
}

function routes(extra: Record<string, Handler> = {}, key: string | null = 'pk_test_1') {
  return mockApi({
    'GET /api/session': () => json(me),
    'GET /api/config': () => json(config(key)),
    'GET /api/wallet': () => json(wallet),
    ...extra,
  })
}

describe('top-up screen', () => {
  beforeEach(() => {
    resetStripeLoader()
    load.mockReset()
  })

  it('says plainly when card payments are not configured, and never loads Stripe', async () => {
    routes({}, null)
    renderWithApp(<TopUpScreen />, { path: '/wallet/top-up' })
    expect(await screen.findByText('Card payments are not available')).toBeTruthy()
    expect(screen.getByText(/card top-ups and payouts are off here/)).toBeTruthy()
    expect(screen.queryByText(/demo credit/)).toBeNull()
    expect(screen.queryByRole('button', { name: /Continue/ })).toBeNull()
    expect(load).not.toHaveBeenCalled()
  })

  it('local mode: says the demo credit a new member got can never be withdrawn', async () => {
    routes({
      'GET /api/config': () =>
        json({
          ...config(null),
          money: { cardPayments: false, payouts: false, demoCredit: 50_000 },
        }),
    })
    renderWithApp(<TopUpScreen />, { path: '/wallet/top-up' })
    expect(await screen.findByText(/€500.00 of demo credit/)).toBeTruthy()
    expect(screen.getByText(/can never be withdrawn or paid out/)).toBeTruthy()
    expect(load).not.toHaveBeenCalled()
  })

  it('an unverified member is told to verify the address first, with the link again', async () => {
    routes({
      'GET /api/session': () => json({ user: { ...me.user, emailVerified: false } }),
    })
    renderWithApp(<TopUpScreen />, { path: '/wallet/top-up' })
    expect(await screen.findByText('Verify your e-mail address to top up by card.')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Send the link again' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: /Continue/ })).toBeNull()
    expect(load).not.toHaveBeenCalled()
  })

  it('offline: Continue is disabled with the reason and Stripe is never requested', async () => {
    routes()
    onlineManager.setOnline(false)
    const { client } = renderWithApp(<TopUpScreen />, { path: '/wallet/top-up' })
    // What the persisted cache would give offline.
    act(() => {
      client.setQueryData(['me'], me.user)
      client.setQueryData(['config'], config('pk_test_1'))
    })
    const button = await screen.findByRole('button', { name: 'Continue to payment' })
    expect(button.hasAttribute('disabled')).toBe(true)
    expect(screen.getAllByText(/Top up needs a connection/).length).toBeGreaterThan(0)
    expect(load).not.toHaveBeenCalled()
  })

  it('offline with nothing saved: says so instead of loading forever, and asks no one', async () => {
    const { requests } = routes()
    onlineManager.setOnline(false)
    renderWithApp(<TopUpScreen />, { path: '/wallet/top-up' })
    expect(await screen.findByRole('heading', { name: 'Nothing saved yet' })).toBeTruthy()
    expect(screen.queryByText('Loading…')).toBeNull()
    expect(requests).toEqual([])
    expect(load).not.toHaveBeenCalled()
  })

  it('a double click sends one top-up with one Idempotency-Key, kept for a reload', async () => {
    load.mockResolvedValue(fakeStripe() as never)
    let release: () => void = () => undefined
    const gate = new Promise<void>((r) => (release = r))
    const { requests } = routes({
      'POST /api/wallet/top-ups': async () => {
        await gate
        return json(topUp('created'), 201)
      },
      [`GET /api/wallet/top-ups/${ID}`]: () => json(topUp('created')),
    })
    renderWithApp(<TopUpScreen />, { path: '/wallet/top-up' })
    fireEvent.click(await screen.findByLabelText('€50.00'))
    const button = await screen.findByRole('button', { name: 'Continue to payment' })
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false))
    fireEvent.click(button)
    fireEvent.click(button)
    fireEvent.click(button)
    release()
    expect(await screen.findByRole('heading', { name: 'Pay €25.00 by card' })).toBeTruthy()
    const posts = requests.filter((r) => r.method === 'POST')
    expect(posts).toHaveLength(1)
    const key = posts[0]!.headers.get('Idempotency-Key')
    expect(key).toMatch(/^[A-Za-z0-9_-]{8,100}$/)
    expect(await posts[0]!.clone().json()).toEqual({ amount: 5000 })
    // Persisted for this tab: a reload (or a retry of the same amount) reuses the same key.
    expect(readAttempt()).toEqual({ key, amount: 5000 })
    expect(readCurrentTopUp()).toBe(ID)
  })

  it('validates the amount with the shared limits before asking the server', async () => {
    load.mockResolvedValue(fakeStripe() as never)
    const { requests } = routes()
    renderWithApp(<TopUpScreen />, { path: '/wallet/top-up' })
    fireEvent.click(await screen.findByLabelText('Other amount'))
    fireEvent.change(await screen.findByRole('textbox', { name: 'Other amount' }), {
      target: { value: '4.99' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }))
    expect(await screen.findByText('The minimum top-up is €5.00.')).toBeTruthy()
    fireEvent.change(screen.getByRole('textbox', { name: 'Other amount' }), {
      target: { value: '1000.01' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }))
    expect(await screen.findByText('The maximum top-up is €1,000.00.')).toBeTruthy()
    // Read as every money field reads it (common/money.ts): the sign and a decimal comma.
    fireEvent.change(screen.getByRole('textbox', { name: 'Other amount' }), {
      target: { value: '€ 4,99' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }))
    expect(await screen.findByText('The minimum top-up is €5.00.')).toBeTruthy()
    expect(requests.some((r) => r.method === 'POST')).toBe(false)
  })

  it('shows a load failure with Retry, and Retry loads Stripe.js again', async () => {
    load.mockRejectedValueOnce(new Error('Failed to load Stripe.js'))
    load.mockResolvedValueOnce(fakeStripe() as never)
    routes()
    renderWithApp(<TopUpScreen />, { path: '/wallet/top-up' })
    expect(await screen.findByText('The card form could not be loaded')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(screen.queryByText('The card form could not be loaded')).toBeNull())
    expect(load).toHaveBeenCalledTimes(2)
  })

  describe('statuses', () => {
    const show = async (response: TopUpResponse, stripe = fakeStripe()) => {
      load.mockResolvedValue(stripe as never)
      saveCurrentTopUp(ID)
      routes({
        [`GET /api/wallet/top-ups/${ID}`]: () => json(response),
        'GET /api/wallet/ledger': () => json({ items: [], nextCursor: null }),
      })
      return renderWithApp(<TopUpScreen />, { path: '/wallet/top-up' })
    }

    it('created: the card form with the Pay button', async () => {
      const stripe = fakeStripe()
      await show(topUp('created'), stripe)
      expect(await screen.findByRole('button', { name: 'Pay €25.00' })).toBeTruthy()
      expect(stripe.elements).toHaveBeenCalledWith(
        expect.objectContaining({ clientSecret: 'pi_1_secret_x' }),
      )
    })

    it('processing', async () => {
      await show(topUp('processing'))
      expect(await screen.findByText('Payment processing')).toBeTruthy()
      expect(screen.getByText(/balance updates as soon as it completes/)).toBeTruthy()
    })

    it('succeeded: the new balance from the server', async () => {
      await show(topUp('succeeded'))
      expect(await screen.findByText('€25.00 added to your wallet')).toBeTruthy()
      expect(await screen.findByText('New balance: €500.00')).toBeTruthy()
      expect(readCurrentTopUp()).toBeNull()
    })

    it('requires action: authenticate, then success', async () => {
      const stripe = fakeStripe()
      let status: TopUpStatus = 'requires_action'
      load.mockResolvedValue(stripe as never)
      saveCurrentTopUp(ID)
      routes({ [`GET /api/wallet/top-ups/${ID}`]: () => json(topUp(status)) })
      renderWithApp(<TopUpScreen />, { path: '/wallet/top-up' })
      expect(await screen.findByText('Your bank needs you to confirm this payment')).toBeTruthy()
      const button = screen.getByRole('button', { name: 'Complete authentication' })
      await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false))
      status = 'succeeded'
      fireEvent.click(button)
      expect(await screen.findByText('€25.00 added to your wallet')).toBeTruthy()
      expect(stripe.handleNextAction).toHaveBeenCalledWith({ clientSecret: 'pi_1_secret_x' })
    })

    it("failed: Stripe's message and Try another card", async () => {
      const stripe = fakeStripe()
      await show(topUp('failed', { failureMessage: 'Your card has insufficient funds.' }), stripe)
      expect(await screen.findByText('Your card has insufficient funds.')).toBeTruthy()
      fireEvent.click(screen.getByRole('button', { name: 'Try another card' }))
      expect(screen.queryByText('Your card has insufficient funds.')).toBeNull()
      expect(stripe.element.clear).toHaveBeenCalled()
      expect(await screen.findByRole('button', { name: 'Pay €25.00' })).toBeTruthy()
    })

    it('canceled', async () => {
      await show(topUp('canceled'))
      expect(await screen.findByText('Payment canceled')).toBeTruthy()
      expect(screen.getByRole('button', { name: 'Start a new top-up' })).toBeTruthy()
    })

    it('a decline from confirmPayment shows the message and keeps the form usable', async () => {
      const stripe = fakeStripe({
        error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
      })
      await show(topUp('created'), stripe)
      const pay = await screen.findByRole('button', { name: 'Pay €25.00' })
      await waitFor(() => expect(pay.hasAttribute('disabled')).toBe(false))
      fireEvent.click(pay)
      expect(await screen.findByText('Your card was declined.')).toBeTruthy()
      expect(stripe.confirmPayment).toHaveBeenCalledWith(
        expect.objectContaining({
          redirect: 'if_required',
          confirmParams: { return_url: `http://localhost:3000/wallet/top-up?topUp=${ID}` },
        }),
      )
      await waitFor(() =>
        expect(screen.getByRole('button', { name: 'Pay €25.00' }).hasAttribute('disabled')).toBe(
          false,
        ),
      )
    })
  })

  it('a return from Stripe shows the top-up and scrubs the query string', async () => {
    load.mockResolvedValue(fakeStripe() as never)
    routes({ [`GET /api/wallet/top-ups/${ID}`]: () => json(topUp('succeeded')) })
    const { location } = renderWithApp(<TopUpScreen />, {
      path: `/wallet/top-up?topUp=${ID}&payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_x&redirect_status=succeeded`,
    })
    expect(await screen.findByText('€25.00 added to your wallet')).toBeTruthy()
    await waitFor(() => expect(location.history.at(-1)).toBe('/wallet/top-up'))
  })

  it('a top-up id that is not ours anymore goes back to a new top-up', async () => {
    load.mockResolvedValue(fakeStripe() as never)
    saveCurrentTopUp(ID)
    routes({ [`GET /api/wallet/top-ups/${ID}`]: () => problem(404, 'not_found', 'Top-up') })
    renderWithApp(<TopUpScreen />, { path: '/wallet/top-up' })
    fireEvent.click(await screen.findByRole('button', { name: 'Start a new top-up' }))
    expect(await screen.findByRole('button', { name: 'Continue to payment' })).toBeTruthy()
    expect(readCurrentTopUp()).toBeNull()
  })
})
