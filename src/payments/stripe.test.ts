import { onlineManager } from '@tanstack/react-query'
import { loadStripe } from '@stripe/stripe-js/pure'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { reloadGuard } from '../offline/reload-guard'
import {
  finishAuthentication,
  getStripe,
  mountPaymentForm,
  resetStripeLoader,
  StripeLoadError,
  StripeOfflineError,
  type Stripe,
} from './stripe'

vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: vi.fn() }))
const load = vi.mocked(loadStripe)
const fake = { elements: vi.fn() } as unknown as Stripe

describe('Stripe.js loader', () => {
  beforeEach(() => {
    resetStripeLoader()
    load.mockReset()
  })

  it('loads once and shares the result', async () => {
    load.mockResolvedValue(fake)
    const [a, b] = await Promise.all([getStripe('pk_test_1'), getStripe('pk_test_1')])
    expect(a).toBe(fake)
    expect(b).toBe(fake)
    expect(await getStripe('pk_test_1')).toBe(fake)
    expect(load).toHaveBeenCalledTimes(1)
    expect(load).toHaveBeenCalledWith('pk_test_1')
  })

  it('forgets a failed load, so Retry loads again', async () => {
    load.mockRejectedValueOnce(new Error('Failed to load Stripe.js')).mockResolvedValueOnce(fake)
    const first = getStripe('pk_test_1')
    await expect(first).rejects.toBeInstanceOf(StripeLoadError)
    await expect(first).rejects.toThrow('Failed to load Stripe.js')
    expect(await getStripe('pk_test_1')).toBe(fake)
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('treats a load that gives no Stripe object as a failure', async () => {
    load.mockResolvedValueOnce(null)
    await expect(getStripe('pk_test_1')).rejects.toBeInstanceOf(StripeLoadError)
  })

  it('offline: rejects at once with a typed error and never calls loadStripe', async () => {
    onlineManager.setOnline(false)
    await expect(getStripe('pk_test_1')).rejects.toBeInstanceOf(StripeOfflineError)
    expect(load).not.toHaveBeenCalled()
    expect(document.querySelector('script[src*="stripe"]')).toBeNull()
    onlineManager.setOnline(true)
    load.mockResolvedValue(fake)
    expect(await getStripe('pk_test_1')).toBe(fake)
  })
})

describe('payment form', () => {
  it('mounts the Payment Element with the client secret and confirms in place', async () => {
    const handlers: Record<string, (e: unknown) => void> = {}
    const element = {
      on: vi.fn((name: string, cb: (e: unknown) => void) => {
        handlers[name] = cb
      }),
      mount: vi.fn(() => handlers.ready?.({})),
      destroy: vi.fn(),
      clear: vi.fn(),
      focus: vi.fn(),
    }
    const elements = { create: vi.fn(() => element) }
    const stripe = {
      elements: vi.fn(() => elements),
      confirmPayment: vi.fn(async () => ({ paymentIntent: { id: 'pi_1', status: 'succeeded' } })),
    } as unknown as Stripe
    const div = document.createElement('div')
    const form = mountPaymentForm(stripe, div, { clientSecret: 'pi_1_secret_x', locale: 'es' })
    await form.ready
    expect(stripe.elements).toHaveBeenCalledWith(
      expect.objectContaining({ clientSecret: 'pi_1_secret_x', locale: 'es' }),
    )
    expect(elements.create).toHaveBeenCalledWith('payment', expect.anything())
    expect(element.mount).toHaveBeenCalledWith(div)
    expect(await form.confirm('https://app.test/wallet/top-up?topUp=t1')).toEqual({
      kind: 'intent',
      id: 'pi_1',
      status: 'succeeded',
    })
    expect(stripe.confirmPayment).toHaveBeenCalledWith({
      elements,
      confirmParams: { return_url: 'https://app.test/wallet/top-up?topUp=t1' },
      redirect: 'if_required',
    })
    form.destroy()
    expect(element.destroy).toHaveBeenCalled()
  })
})

describe('update reloads wait for Stripe', () => {
  /** A Stripe call that stays in flight (a 3-D Secure modal open) until the test answers it. */
  function inFlight() {
    let answer!: (result: unknown) => void
    const call = vi.fn(() => new Promise((resolve) => (answer = resolve)))
    return { call, answer: (result: unknown) => answer(result) }
  }

  it('confirming holds them until Stripe answers', async () => {
    const element = { on: vi.fn(), mount: vi.fn(), destroy: vi.fn() }
    const confirm = inFlight()
    const stripe = {
      elements: vi.fn(() => ({ create: vi.fn(() => element) })),
      confirmPayment: confirm.call,
    } as unknown as Stripe
    const form = mountPaymentForm(stripe, document.createElement('div'), { clientSecret: 's' })
    expect(reloadGuard.current()).toBeNull()
    const outcome = form.confirm('https://app.test/back')
    expect(reloadGuard.current()).toBe('payment')
    confirm.answer({ paymentIntent: { id: 'pi_1', status: 'processing' } })
    await outcome
    expect(reloadGuard.current()).toBeNull()
  })

  it('finishing authentication holds them too, and a failure releases the hold', async () => {
    const next = inFlight()
    const stripe = { handleNextAction: next.call } as unknown as Stripe
    const outcome = finishAuthentication(stripe, 'pi_1_secret_x')
    expect(reloadGuard.current()).toBe('payment')
    next.answer(Promise.reject(new Error('network')))
    await expect(outcome).rejects.toThrow('network')
    expect(reloadGuard.current()).toBeNull()
  })
})
