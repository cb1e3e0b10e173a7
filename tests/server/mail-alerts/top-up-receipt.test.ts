import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeStripe, stripeSettings, type FakeStripe } from '../../stripe/fake-stripe-api.ts'
import { member, type Member } from '../auction-helpers.ts'
import { createTestApp, injectWebhook, testConfig, type TestApp } from '../helpers.ts'

/** A paid top-up's receipt by e-mail (docs/product.md "What Lotline tells you"). */
const APP = 'https://lotline.example'
let stripe: FakeStripe
let t: TestApp
let config: ReturnType<typeof testConfig>

beforeAll(async () => {
  stripe = await startFakeStripe('whsec_test_secret')
  config = testConfig({ ...stripeSettings(stripe), APP_URL: APP })
  t = await createTestApp({ config })
})
afterAll(async () => {
  await t.close()
  await stripe.close()
})

async function paidTopUp(m: Member, amount: number) {
  const started = await m.b.request({
    method: 'POST',
    url: '/api/wallet/top-ups',
    headers: { 'idempotency-key': `receipt-${m.id}-${amount}` },
    payload: { amount },
  })
  expect(started.statusCode).toBe(201)
  const topUpId = started.json().topUp.id as string
  const pi = stripe.intentOfTopUp(topUpId)
  stripe.setStatus(pi.id, 'succeeded')
  // Stripe delivers again and again: still one receipt.
  for (let i = 0; i < 3; i++) {
    const res = await injectWebhook(t.app, stripe, 'payment_intent.succeeded', pi.id)
    expect(res.statusCode).toBe(200)
  }
  return topUpId
}

const receiptsOf = async (m: Member) =>
  (
    await t.db.query<{ lang: string; subject: string; text_body: string; headers: object }>(
      `select lang, subject, text_body, headers from mail_outbox
        where user_id = $1 and kind = 'top_up_receipt'`,
      [m.id],
    )
  ).rows

describe('top-up receipts', () => {
  it('writes one receipt per credited top-up, in the member’s language', async () => {
    const m = await member(t.app, t.db, config)
    await t.db.query(`update users set lang = 'es' where id = $1`, [m.id])
    const topUpId = await paidTopUp(m, 2_500)
    const receipts = await receiptsOf(m)
    expect(receipts).toHaveLength(1)
    expect(receipts[0]).toMatchObject({ lang: 'es', subject: 'Recibo de recarga: 25,00\u00a0€' })
    expect(receipts[0]!.text_body).toContain(`Referencia: ${topUpId}`)
    expect(receipts[0]!.text_body).toContain(`${APP}/wallet`)
    expect(receipts[0]!.headers).toMatchObject({
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    })
  })

  it('writes none when the member turned top-up mails off', async () => {
    const m = await member(t.app, t.db, config)
    const prefs = (await m.b.request({ method: 'GET', url: '/api/me/alerts' })).json()
    prefs.email.topUp = false
    const put = await m.b.request({ method: 'PUT', url: '/api/me/alerts', payload: prefs })
    expect(put.statusCode).toBe(200)
    await paidTopUp(m, 1_000)
    expect(await receiptsOf(m)).toEqual([])
  })
})
