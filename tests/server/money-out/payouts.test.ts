import { randomUUID } from 'node:crypto'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { walletChannel } from '../../../common/wire.ts'
import type { Config } from '../../../server/config.ts'
import { closeLot } from '../../../server/commands/settlement/close-lot.ts'
import { retryPendingPayouts } from '../../../server/jobs/retry-payouts.ts'
import { createStripe } from '../../../server/lib/stripe.ts'
import { appendLedgerEntry } from '../../../server/repositories/ledger.ts'
import { startFakeStripe, stripeSettings, type FakeStripe } from '../../stripe/fake-stripe-api.ts'
import { bid, member, openLot, RecordingBroadcaster } from '../auction-helpers.ts'
import { createTestApp, testConfig, type TestApp } from '../helpers.ts'
import { expectMoneyInvariants } from '../invariants/money.ts'
import { ledgerByKey, moneyTrail, payoutKit } from './payout-kit.ts'

/**
 * Payouts (decision 0053) with the real `stripe` SDK against the loopback stand-in's Connect:
 * onboarding, payouts debited once and sent once, every refusal changing nothing, Stripe's
 * refusal credited back once, a lost answer resent by the retry job, reversals credited once
 * whatever the redeliveries, and the admin's retry.
 */
let stripe: FakeStripe
let t: TestApp
let config: Config
let broadcaster: RecordingBroadcaster

beforeAll(async () => {
  stripe = await startFakeStripe('whsec_payouts')
  config = testConfig({
    ...stripeSettings(stripe),
    PUSHER_PORT: '1',
    APP_URL: 'https://lotline.test/',
    STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_connect_endpoint',
    PAYOUT_MIN: '10.00',
    PAYOUT_DAILY_MAX: '1000.00',
  })
  broadcaster = new RecordingBroadcaster(config.pusher)
  t = await createTestApp({ config, broadcaster })
})
afterEach(() => expectMoneyInvariants(t.db))
afterAll(async () => {
  await t.close()
  await stripe.close()
})

const { connectedMember, readyMember, payOut, webhook } = payoutKit(() => ({ t, stripe, config }))
const jobDeps = () => ({
  db: t.db,
  stripe: createStripe(config.stripe),
  broadcaster,
  currency: config.currency,
})
const available = async (m: { b: { request: (o: object) => Promise<{ json(): unknown }> } }) =>
  ((await m.b.request({ method: 'GET', url: '/api/wallet' })).json() as { available: number })
    .available
const transfersTo = (accountId: string) =>
  [...stripe.connect.transfers.values()].filter((tr) => tr.destination === accountId)

describe('the payout account', () => {
  it('creates one Express account per member and sends them to Stripe with our return links', async () => {
    const m = await member(t.app, t.db, config)
    const [first, second] = await Promise.all([
      m.b.request({ method: 'POST', url: '/api/wallet/payout-account' }),
      m.b.request({ method: 'POST', url: '/api/wallet/payout-account' }),
    ])
    expect(first.statusCode).toBe(200)
    expect(second.statusCode).toBe(200)
    const mine = [...stripe.connect.accounts.values()].filter((a) => a.metadata.user_id === m.id)
    expect(mine).toHaveLength(1)
    const create = stripe.requests.find(
      (r) => r.path === '/v1/accounts' && r.params['metadata[user_id]'] === m.id,
    )!
    expect(create.idempotencyKey).toBe(`payout-account:${m.id}`)
    expect(create.params.type).toBe('express')
    const link = stripe.requests
      .filter((r) => r.path === '/v1/account_links' && r.params.account === mine[0]!.id)
      .at(-1)!
    expect(link.params).toMatchObject({
      type: 'account_onboarding',
      return_url: 'https://lotline.test/wallet?payouts=return',
      refresh_url: 'https://lotline.test/wallet?payouts=refresh',
    })
    const state = await m.b.request({ method: 'GET', url: '/api/wallet/payout-account' })
    expect(state.json()).toMatchObject({ status: 'incomplete', payoutsEnabled: false })
    expect(state.json().requirementsDue.length).toBeGreaterThan(0)
  })

  it('walks onboarding: the link comes back to the app, and a refresh reads the account as ready', async () => {
    const m = await connectedMember()
    const { url } = (
      await m.b.request({ method: 'POST', url: '/api/wallet/payout-account' })
    ).json() as { url: string }
    const back = await fetch(url, { redirect: 'manual' })
    expect(back.status).toBe(302)
    expect(back.headers.get('location')).toBe('https://lotline.test/wallet?payouts=return')
    broadcaster.clear()
    const before = await m.b.request({ method: 'GET', url: '/api/wallet/payout-account' })
    expect(before.json().status).toBe('incomplete')
    const after = await m.b.request({ method: 'GET', url: '/api/wallet/payout-account?refresh=1' })
    expect(after.json()).toEqual({
      status: 'ready',
      detailsSubmitted: true,
      payoutsEnabled: true,
      requirementsDue: [],
    })
    const told = broadcaster.named('payout_account.updated')
    expect(told.map((e) => e.channel)).toEqual([walletChannel(m.id)])
  })

  it('follows account.updated (re-read from Stripe) and ignores accounts of no member', async () => {
    const m = await connectedMember()
    const account = stripe.connect.partlyCompleteAccount(m.accountId, ['external_account'])
    broadcaster.clear()
    expect((await webhook('account.updated', account)).statusCode).toBe(200)
    const state = (await m.b.request({ method: 'GET', url: '/api/wallet/payout-account' })).json()
    expect(state).toEqual({
      status: 'incomplete',
      detailsSubmitted: true,
      payoutsEnabled: false,
      requirementsDue: ['external_account'],
    })
    expect(broadcaster.named('payout_account.updated')[0]?.data).toEqual(state)
    // A stale event body cannot undo what Stripe now says: the account is read again.
    const stale = structuredClone(account)
    stripe.connect.completeAccount(m.accountId)
    expect((await webhook('account.updated', stale)).statusCode).toBe(200)
    const now = (await m.b.request({ method: 'GET', url: '/api/wallet/payout-account' })).json()
    expect(now.status).toBe('ready')

    const stranger = { ...account, id: 'acct_nobody' }
    const calls = stripe.requests.length
    expect((await webhook('account.updated', stranger)).statusCode).toBe(200)
    expect(stripe.requests.length).toBe(calls)
  })

  it('takes account.updated signed by the Connect endpoint’s own secret, and no other', async () => {
    const m = await connectedMember()
    const account = stripe.connect.completeAccount(m.accountId)
    const post = (secret: string) => {
      const { body, headers } = stripe.connect.signedEvent('account.updated', account, { secret })
      return t.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers, payload: body })
    }
    expect((await post('whsec_someone_else')).statusCode).toBe(400)
    expect(
      (await m.b.request({ method: 'GET', url: '/api/wallet/payout-account' })).json(),
    ).toMatchObject({ status: 'incomplete' })
    expect((await post('whsec_connect_endpoint')).statusCode).toBe(200)
    expect(
      (await m.b.request({ method: 'GET', url: '/api/wallet/payout-account' })).json(),
    ).toMatchObject({ status: 'ready' })
  })

  it('answers none for a member who never connected, and refuses guests', async () => {
    const m = await member(t.app, t.db, config)
    const res = await m.b.request({ method: 'GET', url: '/api/wallet/payout-account?refresh=1' })
    expect(res.json()).toEqual({
      status: 'none',
      detailsSubmitted: false,
      payoutsEnabled: false,
      requirementsDue: [],
    })
    const guest = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/payout-account',
      headers: { 'x-requested-with': 'XMLHttpRequest' },
    })
    expect(guest.statusCode).toBe(401)
  })
})

describe('a payout', () => {
  it('debits the wallet once, then sends one Transfer to the member’s account with its own key', async () => {
    const m = await readyMember(50_000)
    broadcaster.clear()
    const res = await payOut(m, 20_000)
    expect(res.statusCode).toBe(201)
    const payout = res.json()
    expect(payout).toMatchObject({
      amount: 20_000,
      currency: 'EUR',
      status: 'paid',
      reversedAmount: 0,
      failureMessage: null,
      withdrawalId: null,
    })
    expect(await ledgerByKey(t.db, `payout:${payout.id}:1`)).toEqual([
      { account: 'available', kind: 'payout', amount: -20_000 },
      { account: 'outside', kind: 'payout', amount: 20_000 },
    ])
    expect(await available(m)).toBe(30_000)
    const [transfer, ...more] = transfersTo(m.accountId)
    expect(more).toEqual([])
    expect(transfer).toMatchObject({
      amount: 20_000,
      currency: 'eur',
      metadata: { payout_id: payout.id, user_id: m.id },
    })
    const call = stripe.requests.find(
      (r) =>
        r.path === '/v1/transfers' &&
        r.method === 'POST' &&
        r.params['metadata[payout_id]'] === payout.id,
    )!
    expect(call.idempotencyKey).toBe(`payout:${payout.id}:1`)
    const onWallet = broadcaster.events.filter((e) => e.channel === walletChannel(m.id))
    expect(onWallet.map((e) => e.name)).toEqual(
      expect.arrayContaining(['wallet.updated', 'payout.updated']),
    )
    expect(broadcaster.named('payout.updated').at(-1)?.data).toMatchObject({ status: 'paid' })

    const list = (await m.b.request({ method: 'GET', url: '/api/wallet/payouts' })).json()
    expect(list.items.map((p: { id: string }) => p.id)).toEqual([payout.id])
    expect(list.items[0]).toEqual(payout)
  })

  it('answers a repeated Idempotency-Key with the same payout: one debit, one Transfer', async () => {
    const m = await readyMember(50_000)
    const key = randomUUID()
    const [a, b] = await Promise.all([payOut(m, 15_000, key), payOut(m, 15_000, key)])
    const c = await payOut(m, 15_000, key)
    const ids = new Set([a, b, c].map((r) => r.json().id))
    expect(ids.size).toBe(1)
    expect(c.headers['idempotent-replayed']).toBe('true')
    expect(transfersTo(m.accountId)).toHaveLength(1)
    expect(await available(m)).toBe(35_000)
    const other = await payOut(m, 16_000, key)
    expect(other.statusCode).toBe(422)
    expect(other.json().code).toBe('idempotency_key_reused')
  })

  it('lands on the same payout after the key’s stored answer was swept', async () => {
    const m = await readyMember(50_000)
    const key = randomUUID()
    const first = (await payOut(m, 12_000, key)).json()
    await t.db.query(`delete from idempotency_keys where user_id = $1 and scope = 'payout'`, [m.id])
    const again = await payOut(m, 12_000, key)
    expect(again.statusCode).toBe(201)
    expect(again.json().id).toBe(first.id)
    expect(transfersTo(m.accountId)).toHaveLength(1)
    expect(await available(m)).toBe(38_000)
    await t.db.query(`delete from idempotency_keys where user_id = $1 and scope = 'payout'`, [m.id])
    expect((await payOut(m, 13_000, key)).json().code).toBe('idempotency_key_reused')
  })

  it('pages the member’s payouts newest first and shows no one else’s', async () => {
    const m = await readyMember(100_000)
    const ids: string[] = []
    for (let i = 0; i < 22; i++) ids.push((await payOut(m, 1_000 + i)).json().id)
    const first = (await m.b.request({ method: 'GET', url: '/api/wallet/payouts' })).json()
    expect(first.items).toHaveLength(20)
    expect(first.items[0].id).toBe(ids[21])
    const second = (
      await m.b.request({ method: 'GET', url: `/api/wallet/payouts?cursor=${first.nextCursor}` })
    ).json()
    expect(second.items.map((p: { id: string }) => p.id)).toEqual([ids[1], ids[0]])
    expect(second.nextCursor).toBeNull()
    const other = await member(t.app, t.db, config)
    const theirs = (await other.b.request({ method: 'GET', url: '/api/wallet/payouts' })).json()
    expect(theirs).toEqual({ items: [], nextCursor: null })
    const bad = await m.b.request({ method: 'GET', url: '/api/wallet/payouts?cursor=abc' })
    expect(bad.statusCode).toBe(422)
  })
})

describe('a refused payout changes nothing', () => {
  async function expectRefused(
    m: { id: string },
    send: () => Promise<{ statusCode: number; json(): { code: string } }>,
    status: number,
    code: string,
  ) {
    const before = await moneyTrail(t.db, m.id)
    const calls = stripe.requests.filter((r) => r.path === '/v1/transfers').length
    const res = await send()
    expect(res.statusCode, code).toBe(status)
    expect(res.json().code).toBe(code)
    expect(await moneyTrail(t.db, m.id)).toEqual(before)
    expect(stripe.requests.filter((r) => r.path === '/v1/transfers').length).toBe(calls)
  }

  it('refuses malformed amounts and a missing key', async () => {
    const m = await readyMember(50_000)
    for (const amount of [0, -100, 12.5, '2000', null, 2 ** 53])
      await expectRefused(m, () => payOut(m, amount), 422, 'validation_failed')
    await expectRefused(m, () => payOut(m, 2_000, null), 400, 'idempotency_key_required')
  })

  it('refuses until the payout account is ready', async () => {
    const none = await member(t.app, t.db, config, { credit: 50_000 })
    await expectRefused(none, () => payOut(none, 2_000), 409, 'payouts_not_ready')
    const half = await connectedMember(50_000)
    await expectRefused(half, () => payOut(half, 2_000), 409, 'payouts_not_ready')
  })

  it('refuses below PAYOUT_MIN and past PAYOUT_DAILY_MAX in 24 hours', async () => {
    const m = await readyMember(150_000)
    await expectRefused(m, () => payOut(m, 999), 422, 'payout_below_minimum')
    expect((await payOut(m, 60_000)).statusCode).toBe(201)
    await expectRefused(m, () => payOut(m, 40_001), 409, 'payout_daily_limit')
    expect((await payOut(m, 40_000)).json().status).toBe('paid')
  })

  it('never pays out held money, pending proceeds or demo credit', async () => {
    const m = await readyMember(30_000)
    // A lead bid holds 20 000; a sale's 10 650 proceeds wait for their order.
    const seller = await member(t.app, t.db, config)
    const lotId = await openLot(t.db, seller.id, { startingPrice: 20_000 })
    expect((await bid(m, lotId, { amount: 20_000 })).statusCode).toBe(201)
    const buyer = await member(t.app, t.db, config, { credit: 20_000 })
    const sold = await openLot(t.db, m.id, { startingPrice: 10_650 })
    expect((await bid(buyer, sold, { amount: 10_650 })).statusCode).toBe(201)
    await t.db.query(`update lots set ends_at = now() - interval '1 second' where id = $1`, [sold])
    expect(await closeLot({ db: t.db, currency: 'EUR' }, sold)).toBe('settled')
    await appendLedgerEntry(t.db, { userId: m.id, kind: 'demo_credit', amount: 5_000 })
    const wallet = (await m.b.request({ method: 'GET', url: '/api/wallet' })).json()
    expect(wallet).toMatchObject({ available: 15_000, held: 20_000 })
    expect(wallet.pending).toBeGreaterThan(0)
    await expectRefused(m, () => payOut(m, 10_001), 409, 'insufficient_funds')
    expect((await payOut(m, 10_000)).json().status).toBe('paid')
    await expectMoneyInvariants(t.db, { expectHolds: true })
  })
})

describe('when Stripe does not take the payout', () => {
  it('fails on Stripe’s refusal and credits the money back once, telling the member', async () => {
    const m = await readyMember(50_000)
    stripe.connect.failNextTransfer('balance_insufficient')
    broadcaster.clear()
    const res = await payOut(m, 20_000)
    expect(res.statusCode).toBe(201)
    const payout = res.json()
    expect(payout.status).toBe('failed')
    expect(payout.failureMessage).toMatch(/insufficient available funds/)
    expect(await ledgerByKey(t.db, `payout-return:${payout.id}:1`)).toEqual([
      { account: 'available', kind: 'return', amount: 20_000 },
      { account: 'outside', kind: 'return', amount: -20_000 },
    ])
    expect(await available(m)).toBe(50_000)
    // The retry job and a resend leave a failed payout alone: still credited once.
    await retryPendingPayouts(jobDeps(), 0)
    expect((await payOut(m, 20_000, randomUUID())).json().status).toBe('paid')
    expect(await ledgerByKey(t.db, `payout-return:${payout.id}:1`)).toHaveLength(2)
    expect(await available(m)).toBe(30_000)
    const { rows } = await t.db.query<{ kind: string; data: { payoutId: string } }>(
      `select kind, data from notifications where user_id = $1`,
      [m.id],
    )
    expect(rows).toEqual([
      expect.objectContaining({
        kind: 'payout_failed',
        data: expect.objectContaining({ payoutId: payout.id, amount: 20_000 }),
      }),
    ])
    expect(
      broadcaster
        .named('payout.updated')
        .some((e) => (e.data as { status: string }).status === 'failed'),
    ).toBe(true)
  })

  it('gets the same Transfer when the SDK resends after a lost answer', async () => {
    const m = await readyMember(50_000)
    stripe.connect.dropNextResponses(1)
    const res = await payOut(m, 12_000)
    expect(res.json().status).toBe('paid')
    expect(transfersTo(m.accountId)).toHaveLength(1)
    expect(res.json().id).toBeDefined()
  })

  it('leaves a payout pending when every answer is lost; the retry job records the one Transfer', async () => {
    const m = await readyMember(50_000)
    stripe.connect.dropNextResponses(3) // the SDK's first try and both of its retries
    const res = await payOut(m, 25_000)
    expect(res.statusCode).toBe(201)
    const payout = res.json()
    expect(payout.status).toBe('pending')
    expect(transfersTo(m.accountId)).toHaveLength(1) // Stripe made it; we never heard
    expect(await available(m)).toBe(25_000)
    expect(await retryPendingPayouts(jobDeps(), 3600)).toBe(0) // too fresh to resend
    expect(await retryPendingPayouts(jobDeps(), 0)).toBe(1)
    const [transfer, ...more] = transfersTo(m.accountId)
    expect(more).toEqual([])
    const { rows } = await t.db.query<{ status: string; transfer_id: string }>(
      'select status, transfer_id from payouts where id = $1',
      [payout.id],
    )
    expect(rows[0]).toEqual({ status: 'paid', transfer_id: transfer!.id })
    expect(await ledgerByKey(t.db, `payout:${payout.id}:1`)).toHaveLength(2)
    expect(await available(m)).toBe(25_000)
  })

  it('leaves a payout pending through a Stripe outage (no credit back), then sends it', async () => {
    const m = await readyMember(50_000)
    stripe.failNext(3, '/v1/transfers')
    const payout = (await payOut(m, 11_000)).json()
    expect(payout.status).toBe('pending')
    expect(await ledgerByKey(t.db, `payout-return:${payout.id}:1`)).toEqual([])
    expect(await available(m)).toBe(39_000)
    await retryPendingPayouts(jobDeps(), 0)
    expect(transfersTo(m.accountId)).toHaveLength(1)
    const list = (await m.b.request({ method: 'GET', url: '/api/wallet/payouts' })).json()
    expect(list.items[0].status).toBe('paid')
  })
})

describe('a reversed payout', () => {
  it('credits each reversal once, however many deliveries race', async () => {
    const m = await readyMember(50_000)
    const payout = (await payOut(m, 20_000)).json()
    const transfer = transfersTo(m.accountId)[0]!
    const reversal = stripe.connect.reverseTransfer(transfer.id, 5_000)
    broadcaster.clear()
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => webhook('transfer.reversed', transfer)),
    )
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200))
    expect(await ledgerByKey(t.db, `payout-reversal:${reversal.id}`)).toEqual([
      { account: 'available', kind: 'return', amount: 5_000 },
      { account: 'outside', kind: 'return', amount: -5_000 },
    ])
    expect(await available(m)).toBe(35_000)
    let list = (await m.b.request({ method: 'GET', url: '/api/wallet/payouts' })).json()
    expect(list.items[0]).toMatchObject({
      id: payout.id,
      status: 'reversed',
      reversedAmount: 5_000,
    })
    expect(broadcaster.named('payout.updated')).toHaveLength(1)
    expect(broadcaster.named('wallet.updated')).toHaveLength(1)

    stripe.connect.reverseTransfer(transfer.id)
    expect((await webhook('transfer.updated', transfer)).statusCode).toBe(200)
    list = (await m.b.request({ method: 'GET', url: '/api/wallet/payouts' })).json()
    expect(list.items[0]).toMatchObject({ status: 'reversed', reversedAmount: 20_000 })
    expect(await available(m)).toBe(50_000)
  })

  it('ignores transfers of no payout of ours', async () => {
    const m = await readyMember(50_000)
    await payOut(m, 20_000)
    const transfer = transfersTo(m.accountId)[0]!
    const before = await moneyTrail(t.db, m.id)
    const foreign = { ...transfer, id: 'tr_unknown' }
    expect((await webhook('transfer.reversed', foreign)).statusCode).toBe(200)
    expect((await webhook('transfer.updated', transfer)).statusCode).toBe(200)
    expect(await moneyTrail(t.db, m.id)).toEqual(before)
  })
})

describe('payouts in the admin area', () => {
  const retry = (
    admin: { b: { request: (o: object) => Promise<unknown> } },
    id: string,
    reason = 'Member asked again',
  ) =>
    admin.b.request({
      method: 'POST',
      url: `/api/admin/payouts/${id}/retry`,
      payload: { reason },
    }) as Promise<{
      statusCode: number
      json(): { payout: { status: string; attempt: number }; code: string }
    }>

  it('lists payouts by status, for admins only', async () => {
    const admin = await member(t.app, t.db, config, { role: 'admin' })
    const m = await readyMember(50_000)
    stripe.connect.failNextTransfer()
    const failed = (await payOut(m, 20_000)).json()
    const res = await admin.b.request({ method: 'GET', url: '/api/admin/payouts?status=failed' })
    expect(res.statusCode).toBe(200)
    const items = res.json().items as Array<{ id: string; status: string; userId: string }>
    expect(items.every((p) => p.status === 'failed')).toBe(true)
    expect(items[0]).toMatchObject({ id: failed.id, userId: m.id, attempt: 1, transferId: null })
    expect((await m.b.request({ method: 'GET', url: '/api/admin/payouts' })).statusCode).toBe(403)
    expect((await retry(m, failed.id)).statusCode).toBe(403)
    const bad = await admin.b.request({ method: 'GET', url: '/api/admin/payouts?status=lost' })
    expect(bad.statusCode).toBe(422)
  })

  it('retries a failed payout as a new attempt with new keys, when the money is still there; audited', async () => {
    const admin = await member(t.app, t.db, config, { role: 'admin' })
    const m = await readyMember(30_000)
    stripe.connect.failNextTransfer()
    const failed = (await payOut(m, 20_000)).json()
    // Spent elsewhere meanwhile: only 15 000 left, so the retry is refused and changes nothing.
    await appendLedgerEntry(t.db, { userId: m.id, kind: 'adjustment', amount: -15_000 })
    const before = await moneyTrail(t.db, m.id)
    const refused = await retry(admin, failed.id)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().code).toBe('insufficient_funds')
    expect(await moneyTrail(t.db, m.id)).toEqual(before)

    await appendLedgerEntry(t.db, { userId: m.id, kind: 'adjustment', amount: 15_000 })
    const res = await retry(admin, failed.id)
    expect(res.statusCode).toBe(200)
    expect(res.json().payout).toMatchObject({ status: 'paid', attempt: 2 })
    expect(await ledgerByKey(t.db, `payout:${failed.id}:2`)).toHaveLength(2)
    const call = stripe.requests.filter((r) => r.path === '/v1/transfers').at(-1)!
    expect(call.idempotencyKey).toBe(`payout:${failed.id}:2`)
    expect(await available(m)).toBe(10_000)
    const { rows } = await t.db.query(
      `select action, target_type, target_id, reason from admin_audit where target_id = $1`,
      [failed.id],
    )
    expect(rows).toEqual([
      {
        action: 'payout.retry',
        target_type: 'payout',
        target_id: failed.id,
        reason: 'Member asked again',
      },
    ])

    const again = await retry(admin, failed.id)
    expect(again.statusCode).toBe(409)
    expect(again.json().code).toBe('not_retryable')
  })

  it('resends a pending payout with its own key', async () => {
    const admin = await member(t.app, t.db, config, { role: 'admin' })
    const m = await readyMember(50_000)
    stripe.connect.dropNextResponses(3)
    const pending = (await payOut(m, 20_000)).json()
    expect(pending.status).toBe('pending')
    const res = await retry(admin, pending.id)
    expect(res.json().payout).toMatchObject({ status: 'paid', attempt: 1 })
    expect(transfersTo(m.accountId)).toHaveLength(1)
    const unknown = await retry(admin, randomUUID())
    expect(unknown.statusCode).toBe(404)
  })
})

describe('without Stripe', () => {
  it('answers 503 payments_not_configured, and counts money-out requests per member', async () => {
    const localConfig = testConfig({ MONEY_OUT_LIMIT_PER_MEMBER: '3/1h' })
    const local = await createTestApp({ config: localConfig })
    try {
      const m = await member(local.app, local.db, localConfig, { credit: 5_000 })
      const account = await m.b.request({ method: 'POST', url: '/api/wallet/payout-account' })
      expect(account.statusCode).toBe(503)
      expect(account.json().code).toBe('payments_not_configured')
      const payout = await m.b.request({
        method: 'POST',
        url: '/api/wallet/payouts',
        headers: { 'idempotency-key': randomUUID() },
        payload: { amount: 2_000 },
      })
      expect(payout.json().code).toBe('payments_not_configured')
      await m.b.request({ method: 'POST', url: '/api/wallet/payout-account' })
      await m.b.request({ method: 'POST', url: '/api/wallet/payout-account' })
      const limited = await m.b.request({ method: 'POST', url: '/api/wallet/payout-account' })
      expect(limited.statusCode).toBe(429)
      await expectMoneyInvariants(local.db)
    } finally {
      await local.close()
    }
  })
})

describe('the ledger after money left', () => {
  it('lists payouts and their returns in the wallet history', async () => {
    const m = await readyMember(50_000)
    stripe.connect.failNextTransfer()
    await payOut(m, 20_000)
    const res = await m.b.request({ method: 'GET', url: '/api/wallet/ledger' })
    expect(res.statusCode).toBe(200)
    expect(
      res.json().items.map((e: { kind: string; amount: number }) => [e.kind, e.amount]),
    ).toEqual([
      ['return', 20_000],
      ['payout', -20_000],
      ['adjustment', 50_000],
    ])
  })
})
