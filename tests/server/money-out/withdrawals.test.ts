import { randomUUID } from 'node:crypto'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { resendPendingRefunds, reconcileMoney } from '../../../server/jobs/reconcile-money.ts'
import { appendLedgerEntry } from '../../../server/repositories/ledger.ts'
import { createStripe } from '../../../server/lib/stripe.ts'
import { bid, member, openLot, type Member } from '../auction-helpers.ts'
import { walletChannel } from '../../../common/wire.ts'
import { createTestApp, injectWebhook, testConfig } from '../helpers.ts'
import { expectMoneyInvariants } from '../invariants/money.ts'
import {
  ageTopUp,
  deliverRefundEvent,
  expectRefundsMatchLedger,
  moneyOutWorld,
  newMember,
  paidTopUp,
  walletOf,
  withdraw,
  type MoneyOutWorld,
} from './withdrawal-fixtures.ts'

/**
 * Withdrawals back to the cards the money came from (decision 0053), with the real `stripe` SDK at
 * the stand-in: the split, the window, the payout remainder, refusals, idempotency, failures
 * credited back exactly once, crashes between Stripe and our write, and the reconciliation.
 */
let w: MoneyOutWorld

beforeAll(async () => {
  w = await moneyOutWorld({ env: { REFUND_WINDOW_DAYS: '30' } })
})
afterEach(async () => {
  w.stripe.refundsApi.refundsStartAs = 'succeeded'
  await expectMoneyInvariants(w.t.db)
  expect(await expectRefundsMatchLedger(w)).toEqual([])
})
afterAll(() => w.close())

const deps = () => ({
  db: w.t.db,
  stripe: createStripe(w.config.stripe),
  broadcaster: w.broadcaster,
  currency: w.config.currency,
})

async function ledgerKinds(userId: string) {
  const { rows } = await w.t.db.query<{ kind: string; amount: number }>(
    `select kind, amount from ledger_entries where user_id = $1 order by id`,
    [userId],
  )
  return rows.map((r) => [r.kind, Number(r.amount)])
}

async function refundRows(withdrawalId: string) {
  const { rows } = await w.t.db.query<{ id: string; refund_id: string | null; status: string }>(
    `select r.id, r.refund_id, r.status from withdrawal_refunds r
       join top_ups t on t.id = r.top_up_id
      where r.withdrawal_id = $1 order by t.credited_at desc, r.id`,
    [withdrawalId],
  )
  return rows
}

/** A payout account onboarded the member's way: the route, Stripe's onboarding, the re-read. */
async function readyPayoutAccount(m: Member) {
  const started = await m.b.request({ method: 'POST', url: '/api/wallet/payout-account' })
  if (started.statusCode !== 200) throw new Error(`payout account refused: ${started.body}`)
  const account = [...w.stripe.connect.accounts.values()].find((a) => a.metadata.user_id === m.id)
  w.stripe.connect.completeAccount(account!.id)
  await m.b.request({ method: 'GET', url: '/api/wallet/payout-account?refresh=1' })
}

describe('what can leave (GET /api/wallet/money-out)', () => {
  it('shows the withdrawable money and the card top-ups it can go back to, newest first', async () => {
    const m = await newMember(w)
    const older = await paidTopUp(w, m, 3_000, { brand: 'visa', last4: '1111' })
    const newer = await paidTopUp(w, m, 2_000, { brand: 'mastercard', last4: '5555' })
    await ageTopUp(w.t.db, older.topUpId, 2)
    const res = await m.b.request({ method: 'GET', url: '/api/wallet/money-out' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      available: 5_000,
      withdrawable: 5_000,
      demoCredit: 0,
      inTransit: 0,
      moneyOutEnabled: true,
      refundWindowDays: 30,
      payoutAccount: { status: 'none' },
      refundable: [
        { topUpId: newer.topUpId, refundable: 2_000, card: { brand: 'mastercard', last4: '5555' } },
        { topUpId: older.topUpId, refundable: 3_000, card: { brand: 'visa', last4: '1111' } },
      ],
    })
  })

  it('labels a top-up paid without a card given by the stand-in’s default, Visa ·· 4242', async () => {
    const m = await newMember(w)
    const { topUpId } = await paidTopUp(w, m, 1_000)
    const { rows } = await w.t.db.query(
      `select card_brand, card_last4 from top_ups where id = $1`,
      [topUpId],
    )
    expect(rows).toEqual([{ card_brand: 'visa', card_last4: '4242' }])
  })

  it('is for members only', async () => {
    const res = await w.t.app.inject({ method: 'GET', url: '/api/wallet/money-out' })
    expect(res.statusCode).toBe(401)
  })
})

describe('withdrawing to cards', () => {
  it('splits newest top-up first, one refund per card with its own key, and debits once', async () => {
    const m = await newMember(w)
    const older = await paidTopUp(w, m, 3_000, { brand: 'visa', last4: '1111' })
    const newer = await paidTopUp(w, m, 5_000, { brand: 'mastercard', last4: '5555' })
    await ageTopUp(w.t.db, older.topUpId, 3)
    w.broadcaster.clear()

    const res = await withdraw(m, 6_000)
    expect(res.statusCode).toBe(201)
    const withdrawal = res.json()
    expect(withdrawal).toMatchObject({
      amount: 6_000,
      currency: 'EUR',
      status: 'completed',
      payout: null,
      refunds: [
        { amount: 5_000, status: 'succeeded', card: { brand: 'mastercard', last4: '5555' } },
        { amount: 1_000, status: 'succeeded', card: { brand: 'visa', last4: '1111' } },
      ],
    })
    const rows = await refundRows(withdrawal.id)
    for (const row of rows) {
      const sent = w.stripe.requests.filter(
        (r) => r.path === '/v1/refunds' && r.params['metadata[withdrawal_refund_id]'] === row.id,
      )
      expect(sent.map((r) => r.idempotencyKey)).toEqual([`withdrawal-refund:${row.id}:1`])
      expect(w.stripe.refunds.get(row.refund_id!)).toMatchObject({ status: 'succeeded' })
    }
    expect(w.stripe.refunds.get(rows[0]!.refund_id!)!.payment_intent).toBe(newer.piId)
    expect(w.stripe.refunds.get(rows[1]!.refund_id!)!.payment_intent).toBe(older.piId)
    expect(await walletOf(m)).toMatchObject({ balance: 2_000, available: 2_000 })
    expect((await ledgerKinds(m.id)).slice(2)).toEqual([
      ['withdrawal', -5_000],
      ['withdrawal', -1_000],
    ])
    expect(w.broadcaster.named('wallet.updated').length).toBeGreaterThan(0)
    expect(w.broadcaster.named('withdrawal.updated').at(-1)).toMatchObject({
      channel: walletChannel(m.id),
      data: { id: withdrawal.id, status: 'completed' },
    })

    const list = await m.b.request({ method: 'GET', url: '/api/wallet/withdrawals' })
    expect(list.json()).toMatchObject({ items: [{ id: withdrawal.id }], nextCursor: null })
    // What went back is no longer refundable.
    const view = (await m.b.request({ method: 'GET', url: '/api/wallet/money-out' })).json()
    expect(view.refundable).toEqual([
      expect.objectContaining({ topUpId: older.topUpId, refundable: 2_000 }),
    ])
  })

  it('lists withdrawals newest first, a page at a time, only the member’s own', async () => {
    const m = await newMember(w)
    await paidTopUp(w, m, 5_000)
    const ids: string[] = []
    for (let i = 0; i < 22; i++) ids.push((await withdraw(m, 100)).json().id)
    const first = (await m.b.request({ method: 'GET', url: '/api/wallet/withdrawals' })).json()
    expect(first.items).toHaveLength(20)
    expect(first.items[0].id).toBe(ids[21])
    const second = (
      await m.b.request({
        method: 'GET',
        url: `/api/wallet/withdrawals?cursor=${first.nextCursor}`,
      })
    ).json()
    expect(second.items.map((x: { id: string }) => x.id)).toEqual([ids[1], ids[0]])
    expect(second.nextCursor).toBeNull()
    const other = await newMember(w)
    const theirs = (await other.b.request({ method: 'GET', url: '/api/wallet/withdrawals' })).json()
    expect(theirs.items).toEqual([])
  })

  it('never refunds a top-up older than the refund window', async () => {
    const m = await newMember(w)
    const old = await paidTopUp(w, m, 4_000)
    await ageTopUp(w.t.db, old.topUpId, 31)
    const res = await withdraw(m, 1_000)
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ code: 'withdrawal_unreachable' })
    expect(res.json().detail).toContain('€0.00')
    expect(await walletOf(m)).toMatchObject({ balance: 4_000 })
  })

  it('sends what no card can take by payout when the account is ready', async () => {
    const m = await newMember(w)
    const old = await paidTopUp(w, m, 4_000)
    await paidTopUp(w, m, 1_000)
    await ageTopUp(w.t.db, old.topUpId, 40)
    await readyPayoutAccount(m)
    const res = await withdraw(m, 3_500)
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json()).toMatchObject({
      refunds: [{ amount: 1_000 }],
      payout: { amount: 2_500, withdrawalId: res.json().id },
    })
    const payoutId = res.json().payout.id
    const transfer = w.stripe.requests.find(
      (r) => r.path === '/v1/transfers' && r.params['metadata[payout_id]'] === payoutId,
    )
    expect(transfer?.idempotencyKey).toBe(`payout:${payoutId}:1`)
    expect((await ledgerKinds(m.id)).slice(2)).toEqual([
      ['withdrawal', -1_000],
      ['payout', -2_500],
    ])
  })

  it('follows its payout part: a transfer Stripe refuses makes the withdrawal partly failed, live', async () => {
    const m = await newMember(w)
    const old = await paidTopUp(w, m, 4_000)
    await paidTopUp(w, m, 1_000)
    await ageTopUp(w.t.db, old.topUpId, 40)
    await readyPayoutAccount(m)
    w.stripe.connect.failNextTransfer()
    w.broadcaster.clear()
    const res = await withdraw(m, 3_500)
    expect(res.statusCode, res.body).toBe(201)
    const id = res.json().id as string
    const updates = w.broadcaster.events.filter(
      (e) => e.channel === walletChannel(m.id) && e.name === 'withdrawal.updated',
    )
    expect(updates.at(-1)?.data).toMatchObject({
      id,
      status: 'partly_failed',
      payout: { status: 'failed', amount: 2_500 },
    })
    const list = await m.b.request({ method: 'GET', url: '/api/wallet/withdrawals' })
    expect(list.json().items[0]).toMatchObject({ id, status: 'partly_failed' })
    // The refused payout part came back once; the card part left.
    expect(await walletOf(m)).toMatchObject({ balance: 5_000 - 1_000 })
  })

  it('refuses a withdrawal part of which could go nowhere, and changes nothing', async () => {
    const m = await newMember(w)
    // An admin's credit is real money but came by no card: it can leave only by payout.
    await appendLedgerEntry(w.t.db, { userId: m.id, kind: 'adjustment', amount: 1_000 })
    await paidTopUp(w, m, 2_000)
    await w.t.db.query(`insert into payout_accounts (user_id, stripe_account_id) values ($1, $2)`, [
      m.id,
      `acct_${randomUUID().slice(0, 8)}`,
    ])
    const res = await withdraw(m, 2_500)
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ code: 'withdrawal_unreachable' })
    expect(res.json().detail).toContain('€20.00')
    const { rows } = await w.t.db.query(`select 1 from withdrawals where user_id = $1`, [m.id])
    expect(rows).toEqual([])
    expect(await walletOf(m)).toMatchObject({ balance: 3_000 })
  })

  it('never lets held money leave', async () => {
    const m = await newMember(w)
    await paidTopUp(w, m, 5_000)
    const seller = await newMember(w)
    const lotId = await openLot(w.t.db, seller.id)
    expect((await bid(m, lotId, { amount: 3_000 })).statusCode).toBe(201)
    const over = await withdraw(m, 2_001)
    expect(over.statusCode).toBe(409)
    expect(over.json()).toMatchObject({ code: 'insufficient_funds' })
    expect((await withdraw(m, 2_000)).statusCode).toBe(201)
    await expectMoneyInvariants(w.t.db, { expectHolds: true })
  })

  it('never lets demo credit leave: it is what stays behind', async () => {
    const m = await newMember(w)
    await appendLedgerEntry(w.t.db, { userId: m.id, kind: 'demo_credit', amount: 2_000 })
    await paidTopUp(w, m, 3_000)
    const view = (await m.b.request({ method: 'GET', url: '/api/wallet/money-out' })).json()
    expect(view).toMatchObject({ available: 5_000, demoCredit: 2_000, withdrawable: 3_000 })
    expect((await withdraw(m, 3_001)).json()).toMatchObject({ code: 'insufficient_funds' })
    expect((await withdraw(m, 3_000)).statusCode).toBe(201)
    expect(await walletOf(m)).toMatchObject({ balance: 2_000 })
  })

  it('applies a repeated request once (same key), and refuses the key for another amount', async () => {
    const m = await newMember(w)
    await paidTopUp(w, m, 5_000)
    const key = randomUUID()
    const [a, b] = await Promise.all([withdraw(m, 1_500, key), withdraw(m, 1_500, key)])
    const c = await withdraw(m, 1_500, key)
    expect([a, b, c].map((r) => r.statusCode)).toEqual([201, 201, 201])
    expect(new Set([a, b, c].map((r) => r.json().id)).size).toBe(1)
    expect(c.headers['idempotent-replayed']).toBe('true')
    const made = [...w.stripe.refunds.values()].filter(
      (r) => r.metadata.withdrawal_id === a.json().id,
    )
    expect(made).toHaveLength(1)
    expect(await walletOf(m)).toMatchObject({ balance: 3_500 })
    const other = await withdraw(m, 1_000, key)
    expect(other.statusCode).toBe(422)
    expect(other.json().code).toBe('idempotency_key_reused')
  })

  it.each([
    ['no Idempotency-Key', 1_000, null, 400],
    ['a zero amount', 0, 'k', 422],
    ['a fractional amount', 10.5, 'k', 422],
    ['a string amount', '10', 'k', 422],
  ])('refuses %s and changes nothing', async (_, amount, key, status) => {
    const m = await newMember(w)
    await paidTopUp(w, m, 1_000)
    const res = await withdraw(m, amount, key === null ? null : randomUUID())
    expect(res.statusCode).toBe(status)
    expect(res.headers['content-type']).toMatch(/problem\+json/)
    expect(await walletOf(m)).toMatchObject({ balance: 1_000 })
  })

  it('counts withdrawals per member (MONEY_OUT_LIMIT_PER_MEMBER): 429 past it, nothing debited', async () => {
    const limited = await moneyOutWorld({ env: { MONEY_OUT_LIMIT_PER_MEMBER: '2/1h' } })
    try {
      const m = await newMember(limited)
      await paidTopUp(limited, m, 3_000)
      expect((await withdraw(m, 100)).statusCode).toBe(201)
      expect((await withdraw(m, 100)).statusCode).toBe(201)
      const third = await withdraw(m, 100)
      expect(third.statusCode).toBe(429)
      expect(third.json().code).toBe('rate_limited')
      expect(await walletOf(m)).toMatchObject({ balance: 2_800 })
      // Another member keeps their own count.
      const other = await newMember(limited)
      await paidTopUp(limited, other, 1_000)
      expect((await withdraw(other, 100)).statusCode).toBe(201)
    } finally {
      await limited.close()
    }
  })

  it('is 503 payments_not_configured without Stripe', async () => {
    const bare = await createTestApp()
    try {
      const m = await member(bare.app, bare.db, testConfig())
      const out = await withdraw(m, 1_000)
      expect(out.statusCode).toBe(503)
      expect(out.json().code).toBe('payments_not_configured')
      const view = (await m.b.request({ method: 'GET', url: '/api/wallet/money-out' })).json()
      expect(view).toMatchObject({ moneyOutEnabled: false, refundable: [] })
    } finally {
      await bare.close()
    }
  })
})

describe('refunds that settle later or fail', () => {
  it('credits a failed refund back exactly once, whatever the redeliveries and reads', async () => {
    const m = await newMember(w)
    await paidTopUp(w, m, 4_000)
    w.stripe.refundsApi.refundsStartAs = 'pending'
    const res = await withdraw(m, 3_000)
    expect(res.json()).toMatchObject({ status: 'pending', refunds: [{ status: 'pending' }] })
    expect(await walletOf(m)).toMatchObject({ balance: 1_000 })
    const [row] = await refundRows(res.json().id)
    w.stripe.refundsApi.settleRefund(row!.refund_id!, 'failed', 'expired_or_canceled_card')
    w.broadcaster.clear()

    const types = ['refund.failed', 'refund.updated', 'charge.refunded']
    const hooks = Array.from({ length: 10 }, (_, i) =>
      deliverRefundEvent(w, types[i % 3]!, row!.refund_id!),
    )
    const reads = Array.from({ length: 5 }, () =>
      m.b.request({ method: 'GET', url: '/api/wallet/withdrawals' }),
    )
    const answers = await Promise.all([...hooks, ...reads])
    expect(answers.map((a) => a.statusCode)).toEqual([
      ...Array(10).fill(200),
      ...Array(5).fill(200),
    ])

    expect(await walletOf(m)).toMatchObject({ balance: 4_000 })
    expect((await ledgerKinds(m.id)).slice(1)).toEqual([
      ['withdrawal', -3_000],
      ['return', 3_000],
    ])
    const list = (await m.b.request({ method: 'GET', url: '/api/wallet/withdrawals' })).json()
    expect(list.items[0]).toMatchObject({
      status: 'failed',
      refunds: [{ status: 'failed', failureReason: 'expired_or_canceled_card' }],
    })
    expect(w.broadcaster.named('withdrawal.updated')).toHaveLength(1)
    // Told once, with the amount that came back.
    const { rows: told } = await w.t.db.query<{ kind: string; data: { amount: number } }>(
      `select kind, data from notifications where user_id = $1`,
      [m.id],
    )
    expect(told.filter((n) => n.kind === 'withdrawal_failed').map((n) => n.data.amount)).toEqual([
      3_000,
    ])
  })

  it('follows a delayed refund: pending, then succeeded, nothing credited back', async () => {
    const m = await newMember(w)
    await paidTopUp(w, m, 2_000)
    w.stripe.refundsApi.refundsStartAs = 'pending'
    const res = await withdraw(m, 2_000)
    const [row] = await refundRows(res.json().id)
    const early = await deliverRefundEvent(w, 'refund.updated', row!.refund_id!)
    expect(early.statusCode).toBe(200)
    expect((await refundRows(res.json().id))[0]!.status).toBe('pending')
    w.stripe.refundsApi.settleRefund(row!.refund_id!, 'succeeded')
    await deliverRefundEvent(w, 'refund.updated', row!.refund_id!)
    const list = (await m.b.request({ method: 'GET', url: '/api/wallet/withdrawals' })).json()
    expect(list.items[0]).toMatchObject({ status: 'completed', refunds: [{ status: 'succeeded' }] })
    expect(await walletOf(m)).toMatchObject({ balance: 0 })
  })

  it('ignores a forged event: the refund is read back from Stripe', async () => {
    const m = await newMember(w)
    await paidTopUp(w, m, 2_000)
    w.stripe.refundsApi.refundsStartAs = 'pending'
    const res = await withdraw(m, 2_000)
    const [row] = await refundRows(res.json().id)
    const forged = { ...w.stripe.refunds.get(row!.refund_id!)!, status: 'failed' }
    const { body, headers } = w.stripe.signedObject('refund.failed', forged)
    const hook = await w.t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers,
      payload: body,
    })
    expect(hook.statusCode).toBe(200)
    expect((await refundRows(res.json().id))[0]!.status).toBe('pending')
    expect(await walletOf(m)).toMatchObject({ balance: 0 })
  })

  it('fails a refund Stripe refuses outright and credits it back at once', async () => {
    const m = await newMember(w)
    await paidTopUp(w, m, 2_000)
    w.stripe.refundsApi.refuseNextRefunds(1)
    const res = await withdraw(m, 1_500)
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({
      status: 'failed',
      refunds: [{ status: 'failed', failureReason: 'charge_disputed' }],
    })
    expect(await walletOf(m)).toMatchObject({ balance: 2_000 })
  })

  it('records once a refund Stripe made but whose answer was lost: the reconciler resends the key', async () => {
    const m = await newMember(w)
    await paidTopUp(w, m, 3_000)
    const before = w.stripe.refunds.size
    // Stripe makes the refund; the first answer and the SDK's two retries never arrive.
    w.stripe.dropAnswers(3, '/v1/refunds')
    const res = await withdraw(m, 3_000)
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({ status: 'pending', refunds: [{ status: 'pending' }] })
    expect(w.stripe.refunds.size).toBe(before + 1)
    const [row] = await refundRows(res.json().id)
    expect(row!.refund_id).toBeNull()

    await w.t.db.query(
      `update withdrawal_refunds set updated_at = now() - interval '10 minutes' where id = $1`,
      [row!.id],
    )
    expect(await resendPendingRefunds(deps(), 60)).toBeGreaterThanOrEqual(1)
    expect(w.stripe.refunds.size).toBe(before + 1)
    const [after] = await refundRows(res.json().id)
    expect(after).toMatchObject({ status: 'succeeded' })
    expect(w.stripe.refunds.get(after!.refund_id!)!.metadata.withdrawal_refund_id).toBe(row!.id)
    const keys = w.stripe.requests
      .filter((r) => r.params['metadata[withdrawal_refund_id]'] === row!.id)
      .map((r) => r.idempotencyKey)
    expect(new Set(keys)).toEqual(new Set([`withdrawal-refund:${row!.id}:1`]))
    expect(await walletOf(m)).toMatchObject({ balance: 0 })
  })
})

describe('admin', () => {
  it('lists withdrawals by status and retries a failed one as a new attempt, audited', async () => {
    const admin = await newMember(w, 'admin')
    const m = await newMember(w)
    await paidTopUp(w, m, 2_000)
    w.stripe.refundsApi.refuseNextRefunds(1)
    const failed = (await withdraw(m, 2_000)).json()
    expect(failed.status).toBe('failed')

    const list = await admin.b.request({
      method: 'GET',
      url: '/api/admin/withdrawals?status=failed',
    })
    expect(list.statusCode).toBe(200)
    expect(list.json().items).toContainEqual(
      expect.objectContaining({ id: failed.id, userId: m.id }),
    )
    const forbidden = await m.b.request({ method: 'GET', url: '/api/admin/withdrawals' })
    expect(forbidden.statusCode).toBe(403)

    const retry = await admin.b.request({
      method: 'POST',
      url: `/api/admin/withdrawals/${failed.id}/retry`,
      payload: { reason: 'card reissued' },
    })
    expect(retry.statusCode).toBe(200)
    expect(retry.json()).toMatchObject({ status: 'completed', refunds: [{ status: 'succeeded' }] })
    const [row] = await refundRows(failed.id)
    const keys = w.stripe.requests
      .filter((r) => r.params['metadata[withdrawal_refund_id]'] === row!.id)
      .map((r) => r.idempotencyKey)
    expect(keys).toEqual([`withdrawal-refund:${row!.id}:1`, `withdrawal-refund:${row!.id}:2`])
    expect(await walletOf(m)).toMatchObject({ balance: 0 })
    const { rows: audit } = await w.t.db.query(
      `select action, target_type, reason from admin_audit where target_id = $1`,
      [failed.id],
    )
    expect(audit).toEqual([
      { action: 'withdrawal.retry', target_type: 'withdrawal', reason: 'card reissued' },
    ])

    const again = await admin.b.request({
      method: 'POST',
      url: `/api/admin/withdrawals/${failed.id}/retry`,
      payload: { reason: 'again' },
    })
    expect(again.statusCode).toBe(409)
    expect(again.json().code).toBe('not_retryable')
  })

  it.each([
    ['a malformed id', 'POST', '/api/admin/withdrawals/nope/retry', { reason: 'why not' }, 422],
    ['no reason', 'POST', `/api/admin/withdrawals/${randomUUID()}/retry`, {}, 422],
    [
      'an unknown withdrawal',
      'POST',
      `/api/admin/withdrawals/${randomUUID()}/retry`,
      { reason: 'why not' },
      404,
    ],
    ['an unknown status', 'GET', '/api/admin/withdrawals?status=lost', undefined, 422],
    ['a malformed cursor', 'GET', '/api/admin/withdrawals?cursor=abc', undefined, 422],
  ] as const)(
    'answers %s with a problem and changes nothing',
    async (_, method, url, payload, status) => {
      const admin = await newMember(w, 'admin')
      const res = await admin.b.request({ method, url, ...(payload ? { payload } : {}) })
      expect(res.statusCode).toBe(status)
      expect(res.headers['content-type']).toMatch(/problem\+json/)
    },
  )

  it('refuses a retry the member’s wallet can no longer cover', async () => {
    const admin = await newMember(w, 'admin')
    const m = await newMember(w)
    await paidTopUp(w, m, 2_000)
    w.stripe.refundsApi.refuseNextRefunds(1)
    const failed = (await withdraw(m, 2_000)).json()
    expect((await withdraw(m, 2_000)).statusCode).toBe(201)
    const retry = await admin.b.request({
      method: 'POST',
      url: `/api/admin/withdrawals/${failed.id}/retry`,
      payload: { reason: 'try again' },
    })
    expect(retry.statusCode).toBe(409)
    expect(retry.json().code).toBe('insufficient_funds')
  })
})

describe('reconciliation with Stripe', () => {
  it('finds a planted difference, reports it, and shows the count on /metrics', async () => {
    const admin = await newMember(w, 'admin')
    const m = await newMember(w)
    await paidTopUp(w, m, 2_000)
    const res = await withdraw(m, 2_000)
    const [row] = await refundRows(res.json().id)
    const clean = await reconcileMoney(deps())
    expect(clean!.checked).toBeGreaterThan(0)
    expect(clean!.differences.filter((d) => d.ourId === row!.id)).toEqual([])

    // Stripe failed the refund and the webhook was lost: the ledger still shows it gone.
    w.stripe.refundsApi.settleRefund(row!.refund_id!, 'failed')
    const run = await admin.b.request({ method: 'POST', url: '/api/admin/reconciliation' })
    expect(run.statusCode).toBe(200)
    const report = run.json().report
    expect(report.differences).toEqual(
      expect.arrayContaining([
        {
          kind: 'refund_status',
          stripeId: row!.refund_id,
          ourId: row!.id,
          expected: 'failed',
          found: 'succeeded',
        },
        {
          kind: 'refund_return',
          stripeId: row!.refund_id,
          ourId: row!.id,
          expected: 2_000,
          found: 0,
        },
      ]),
    )
    const latest = await admin.b.request({ method: 'GET', url: '/api/admin/reconciliation' })
    expect(latest.json().report.id).toBe(report.id)
    const metrics = await w.t.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '127.0.0.1',
    })
    expect(metrics.body).toContain(
      `lotline_reconciliation_differences ${report.differences.length}`,
    )
    expect(
      (await m.b.request({ method: 'GET', url: '/api/admin/reconciliation' })).statusCode,
    ).toBe(403)

    // A payment Stripe took whose webhook never came: paid, not credited.
    const start = await m.b.request({
      method: 'POST',
      url: '/api/wallet/top-ups',
      headers: { 'idempotency-key': randomUUID() },
      payload: { amount: 1_000 },
    })
    const lost = w.stripe.intentOfTopUp(start.json().topUp.id)
    w.stripe.setStatus(lost.id, 'succeeded')
    // A refund our row names that Stripe never made.
    await w.t.db.query(`update withdrawal_refunds set refund_id = 're_nowhere' where id = $1`, [
      row!.id,
    ])
    const more = (await reconcileMoney(deps()))!.differences
    expect(more).toEqual(
      expect.arrayContaining([
        {
          kind: 'top_up_credit',
          stripeId: lost.id,
          ourId: start.json().topUp.id,
          expected: 1_000,
          found: 0,
        },
        {
          kind: 'refund_missing',
          stripeId: 're_nowhere',
          ourId: row!.id,
          expected: 2_000,
          found: null,
        },
      ]),
    )
    await w.t.db.query(`update withdrawal_refunds set refund_id = $2 where id = $1`, [
      row!.id,
      row!.refund_id,
    ])
    await injectWebhook(w.t.app, w.stripe, 'payment_intent.succeeded', lost.id)

    // The webhook arrives after all: settled, credited back, and the next report is clean of it.
    await deliverRefundEvent(w, 'refund.failed', row!.refund_id!)
    const next = await reconcileMoney(deps())
    expect(next!.differences.filter((d) => d.ourId === row!.id)).toEqual([])
    expect(next!.differences.filter((d) => d.stripeId === lost.id)).toEqual([])
  })
})
