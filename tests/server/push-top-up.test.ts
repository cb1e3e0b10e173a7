import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pushKeysOf } from '../../server/app.ts'
import { createPushWorker, type PushWorker } from '../../server/jobs/push-worker.ts'
import { startFakeStripe, stripeSettings, type FakeStripe } from '../stripe/fake-stripe-api.ts'
import { createTestApp, injectWebhook, testConfig, type TestApp } from './helpers.ts'
import { member } from './auction-helpers.ts'
import { startPushService, type PushService } from './push-service.ts'

/**
 * A card top-up's result reaches the member's device (decision 0032): the real top-up route, the
 * signed Stripe webhook against the Stripe stand-in, the settle command's notification and its
 * outbox row, the worker and `web-push` against the push-service stand-in.
 */
let stripe: FakeStripe
let svc: PushService
let t: TestApp
let worker: PushWorker
let config: ReturnType<typeof testConfig>

beforeAll(async () => {
  stripe = await startFakeStripe('whsec_test_secret')
  svc = await startPushService()
  config = testConfig({
    ...stripeSettings(stripe),
    PUSHER_PORT: '1',
    PUSH_ENDPOINT_HOSTS: svc.host,
  })
  t = await createTestApp({ config })
  worker = createPushWorker({
    db: t.db,
    vapid: pushKeysOf(config),
    currency: config.currency,
    agent: svc.agent,
  })
})
afterAll(async () => {
  await worker.stop()
  await t.close()
  await svc.close()
  await stripe.close()
})

describe('top-up results', () => {
  it('a paid top-up reaches each of the member’s devices once, in its language', async () => {
    const m = await member(t.app, t.db, config)
    const [en, es] = [svc.subscribe(), svc.subscribe()]
    for (const [sub, lang] of [
      [en, 'en'],
      [es, 'es'],
    ] as const) {
      const res = await m.b.request({
        method: 'POST',
        url: '/api/push/subscriptions',
        payload: { endpoint: sub.endpoint, keys: sub.keys, lang },
      })
      expect(res.statusCode).toBe(201)
    }
    const started = await m.b.request({
      method: 'POST',
      url: '/api/wallet/top-ups',
      headers: { 'idempotency-key': `push-top-up-${Date.now()}` },
      payload: { amount: 2_500 },
    })
    expect(started.statusCode).toBe(201)
    const topUpId = started.json().topUp.id as string
    const pi = stripe.intentOfTopUp(topUpId)
    stripe.setStatus(pi.id, 'succeeded')
    for (let i = 0; i < 3; i++) {
      const res = await injectWebhook(t.app, stripe, 'payment_intent.succeeded', pi.id)
      expect(res.statusCode).toBe(200)
    }
    expect(await worker.runOnce()).toMatchObject({ sent: 2, dropped: 0 })
    expect(svc.refusals).toEqual([])
    const payloadOf = (id: string) => svc.deliveries.filter((d) => d.subscriptionId === id)
    expect(payloadOf(en.id).map((d) => d.payload)).toMatchObject([
      { kind: 'top_up_succeeded', title: 'Top-up added', body: '€25 was added to your wallet.' },
    ])
    expect(payloadOf(es.id).map((d) => d.payload)).toMatchObject([
      {
        kind: 'top_up_succeeded',
        title: 'Recarga añadida',
        body: '25\u00a0€ añadidos a tu monedero.',
      },
    ])
    expect(payloadOf(en.id)[0]!.payload).toMatchObject({ tag: `top-up-${topUpId}`, path: 'wallet' })
  })
})
