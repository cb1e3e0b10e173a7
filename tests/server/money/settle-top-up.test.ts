import { randomUUID } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import type Stripe from 'stripe'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { BALANCE_CAP } from '../../../common/wallet.ts'
import { walletChannel } from '../../../common/wire.ts'
import type { PaymentsDeps } from '../../../server/commands/wallet/top-ups/payments.ts'
import {
  settleTopUp,
  settleTopUpIntent,
} from '../../../server/commands/wallet/top-ups/settle-top-up.ts'
import type { Database } from '../../../server/db/types.ts'
import { creditTopUp } from '../../../server/repositories/ledger.ts'
import { RecordingBroadcaster } from '../auction-helpers.ts'
import { createTestDatabase, testConfig } from '../helpers.ts'
import { expectMoneyInvariants } from '../invariants/money.ts'
import { balanceOf, newMember } from './money-fixtures.ts'

/**
 * Settling a card top-up (server/commands/wallet/top-ups/settle-top-up.ts) on one fresh database,
 * with Stripe stood in by an object that answers the PaymentIntents it was given and records the
 * refunds asked of it: a paid top-up is credited exactly once, one past the cap is refunded once,
 * a failed one is told, and an intent that does not match its top-up moves nothing.
 */
let db: Database
const broadcaster = new RecordingBroadcaster(testConfig().pusher)
const intents = new Map<string, Stripe.PaymentIntent>()
const refunds: Array<{ params: unknown; options: unknown }> = []
const stripe = {
  paymentIntents: { retrieve: async (id: string) => intents.get(id) },
  refunds: {
    create: async (params: unknown, options: unknown) => {
      refunds.push({ params, options })
      return { id: `re_${refunds.length}` }
    },
  },
} as unknown as Stripe
const log = { error: vi.fn(), info: vi.fn() }
const deps = (): PaymentsDeps => ({
  db,
  stripe,
  broadcaster,
  currency: 'EUR',
  log: log as unknown as FastifyBaseLogger,
})

beforeAll(async () => {
  db = await createTestDatabase()
})
beforeEach(() => {
  broadcaster.clear()
  refunds.length = 0
  log.error.mockClear()
  log.info.mockClear()
})
afterAll(() => db.close())

/** A top-up of `amount` cents just started by a member with `balance` cents, and its intent. */
async function startedTopUp(amount = 2_000, balance = 0) {
  const userId = await newMember(db, balance)
  const { rows } = await db.query<{ id: string }>(
    `insert into top_ups (user_id, client_key, amount, currency) values ($1, $2, $3, 'EUR') returning id`,
    [userId, randomUUID(), amount],
  )
  const topUpId = rows[0]!.id
  const pi = {
    id: `pi_${randomUUID()}`,
    amount,
    amount_received: 0,
    currency: 'eur',
    status: 'requires_payment_method',
    last_payment_error: null,
    metadata: { top_up_id: topUpId, user_id: userId },
  } as unknown as Stripe.PaymentIntent
  intents.set(pi.id, pi)
  return { userId, topUpId, pi }
}

/** Stripe now reports this intent so. */
function intentNow(pi: Stripe.PaymentIntent, change: Partial<Stripe.PaymentIntent>) {
  const next = { ...pi, ...change } as Stripe.PaymentIntent
  intents.set(pi.id, next)
  return next
}

const paid = (pi: Stripe.PaymentIntent) =>
  intentNow(pi, { status: 'succeeded', amount_received: pi.amount })

async function topUpRow(id: string) {
  const { rows } = await db.query<{
    status: string
    payment_intent_id: string | null
    failure_message: string | null
    credited_at: Date | null
    refund_id: string | null
  }>(
    'select status, payment_intent_id, failure_message, credited_at, refund_id from top_ups where id = $1',
    [id],
  )
  return rows[0]!
}

async function notificationsOf(userId: string) {
  const { rows } = await db.query<{ kind: string; data: unknown }>(
    'select kind, data from notifications where user_id = $1 order by id',
    [userId],
  )
  return rows
}

describe('a paid top-up', () => {
  it('is credited once, attached to its intent, and the member told', async () => {
    const { userId, topUpId, pi } = await startedTopUp(2_000, 500)
    paid(pi)
    expect(await settleTopUp(deps(), pi.id)).toBe('credited')
    expect(await balanceOf(db, userId)).toBe(2_500)
    const row = await topUpRow(topUpId)
    expect(row).toMatchObject({ status: 'succeeded', payment_intent_id: pi.id, refund_id: null })
    expect(row.credited_at).toBeInstanceOf(Date)
    const data = { topUpId, amount: 2_000, currency: 'EUR' }
    expect(await notificationsOf(userId)).toEqual([{ kind: 'top_up_succeeded', data }])
    expect(broadcaster.userEvents.map((e) => [e.userId, e.event])).toEqual([
      [userId, 'notification'],
    ])
    const wallets = broadcaster.named('wallet.updated')
    expect(wallets.map((e) => [e.channel, (e.data as { balance: number }).balance])).toEqual([
      [walletChannel(userId), 2_500],
    ])
    expect(refunds).toEqual([])
    await expectMoneyInvariants(db)
  })

  it('settled again, is already credited and moves nothing', async () => {
    const { userId, pi } = await startedTopUp(1_000)
    paid(pi)
    await settleTopUp(deps(), pi.id)
    broadcaster.clear()
    expect(await settleTopUp(deps(), pi.id)).toBe('already_credited')
    expect(await balanceOf(db, userId)).toBe(1_000)
    expect(broadcaster.events).toEqual([])
    expect(await notificationsOf(userId)).toHaveLength(1)
  })

  it('whose intent was credited already is marked succeeded without a second credit', async () => {
    const { userId, topUpId, pi } = await startedTopUp(1_000)
    await creditTopUp(db, { userId, amount: 1000, paymentIntentId: pi.id, topUpId })
    expect(await settleTopUpIntent(deps(), paid(pi))).toBe('already_credited')
    expect(await balanceOf(db, userId)).toBe(1_000)
    expect(await topUpRow(topUpId)).toMatchObject({ status: 'succeeded', credited_at: null })
    expect(broadcaster.events).toEqual([])
    expect(await notificationsOf(userId)).toEqual([])
    await expectMoneyInvariants(db)
  })
})

describe('a paid top-up past the balance cap', () => {
  it('is refunded once by card instead of credited, and the member told', async () => {
    const { userId, topUpId, pi } = await startedTopUp(2_000, BALANCE_CAP - 1_000)
    paid(pi)
    expect(await settleTopUp(deps(), pi.id)).toBe('refunded')
    expect(await balanceOf(db, userId)).toBe(BALANCE_CAP - 1_000)
    expect(await topUpRow(topUpId)).toMatchObject({
      status: 'refunded',
      payment_intent_id: pi.id,
      credited_at: null,
      refund_id: 're_1',
    })
    expect(refunds).toEqual([
      {
        params: {
          payment_intent: pi.id,
          reason: 'requested_by_customer',
          metadata: { top_up_id: topUpId },
        },
        options: { idempotencyKey: `top-up-refund:${topUpId}` },
      },
    ])
    expect(log.info).toHaveBeenCalledWith({ topUpId, refundId: 're_1' }, 'over-cap top-up refunded')
    expect(await notificationsOf(userId)).toEqual([
      {
        kind: 'top_up_refunded',
        data: { topUpId, amount: 2_000, currency: 'EUR', cap: BALANCE_CAP },
      },
    ])
    const updates = broadcaster.named('top_up.updated')
    expect(updates.map((e) => [e.channel, e.toSender])).toEqual([[walletChannel(userId), true]])
    expect(updates[0]!.data).toMatchObject({ id: topUpId, status: 'refunded', amount: 2_000 })
    expect(updates[0]!.data).not.toHaveProperty('userId')
    expect(broadcaster.userEvents.map((e) => e.userId)).toEqual([userId])
    await expectMoneyInvariants(db)

    // Delivered again: still refunded, and Stripe is not asked for a second refund.
    expect(await settleTopUp(deps(), pi.id)).toBe('refunded')
    expect(refunds).toHaveLength(1)
  })

  it('is refunded on a server without a logger too', async () => {
    const { topUpId, pi } = await startedTopUp(2_000, BALANCE_CAP)
    expect(await settleTopUpIntent({ ...deps(), log: undefined }, paid(pi))).toBe('refunded')
    expect((await topUpRow(topUpId)).refund_id).toBe('re_1')
  })
})

describe('a top-up that is not paid', () => {
  it('declined: marked failed with the reason, and the member told', async () => {
    const { userId, topUpId, pi } = await startedTopUp(1_500)
    const declined = intentNow(pi, {
      last_payment_error: {
        message: 'Your card was declined.',
      } as Stripe.PaymentIntent.LastPaymentError,
    })
    expect(await settleTopUpIntent(deps(), declined)).toBe('updated')
    expect(await topUpRow(topUpId)).toMatchObject({
      status: 'failed',
      failure_message: 'Your card was declined.',
    })
    expect(await notificationsOf(userId)).toEqual([
      {
        kind: 'top_up_failed',
        data: {
          topUpId,
          amount: 1_500,
          currency: 'EUR',
          status: 'failed',
          message: 'Your card was declined.',
        },
      },
    ])
    expect(broadcaster.userEvents.map((e) => [e.userId, e.event])).toEqual([
      [userId, 'notification'],
    ])
    expect(await balanceOf(db, userId)).toBe(0)
  })

  it('processing: the new status is kept, no one is told', async () => {
    const { userId, topUpId, pi } = await startedTopUp(1_500)
    expect(await settleTopUpIntent(deps(), intentNow(pi, { status: 'processing' }))).toBe('updated')
    expect(await topUpRow(topUpId)).toMatchObject({ status: 'processing', failure_message: null })
    expect(await notificationsOf(userId)).toEqual([])
    expect(broadcaster.userEvents).toEqual([])
  })

  it('as it was: unchanged', async () => {
    const { topUpId, pi } = await startedTopUp(1_500)
    expect(await settleTopUpIntent(deps(), pi)).toBe('unchanged')
    expect((await topUpRow(topUpId)).status).toBe('created')
  })
})

describe('the locks and the transaction', () => {
  /** The database, recording each transaction and the statements run in it with their values. */
  function recordingDeps() {
    const statements: Array<{ sql: string; params: unknown[] }> = []
    let transactions = 0
    const recording: Database = {
      kind: db.kind,
      query: (sql, params) => db.query(sql, params),
      transaction: (work) => {
        transactions++
        return db.transaction((tx) =>
          work({
            query: (sql, params) => {
              statements.push({ sql, params: params ?? [] })
              return tx.query(sql, params)
            },
          }),
        )
      },
      close: () => db.close(),
    }
    return { deps: { ...deps(), db: recording }, statements, transactions: () => transactions }
  }

  it("settles with the top-up row and the member's wallet locked", async () => {
    const { userId, topUpId, pi } = await startedTopUp(1_000)
    const { deps: recorded, statements } = recordingDeps()
    expect(await settleTopUpIntent(recorded, paid(pi))).toBe('credited')
    const locks = statements.filter((s) => /for update/.test(s.sql))
    expect(locks.map((s) => [s.sql.match(/from (\w+)/)![1], s.params[0]])).toEqual([
      ['top_ups', topUpId],
      ['wallets', [userId]],
    ])
  })

  it('opens no transaction for an intent without a top-up id', async () => {
    const { pi } = await startedTopUp(1_500)
    const { deps: recorded, transactions } = recordingDeps()
    const bare = { ...paid(pi), metadata: {} } as Stripe.PaymentIntent
    expect(await settleTopUpIntent(recorded, bare)).toBe('ignored')
    expect(transactions()).toBe(0)
  })
})

describe('an intent that is not a top-up of this server', () => {
  it('not matching its top-up: ignored, logged, nothing moved', async () => {
    const { userId, topUpId, pi } = await startedTopUp(1_500)
    const other = paid(intentNow(pi, { amount: 9_000 }))
    expect(await settleTopUpIntent(deps(), other)).toBe('ignored')
    expect(log.error).toHaveBeenCalledWith(
      { topUpId, paymentIntentId: pi.id },
      'PaymentIntent does not match its top-up',
    )
    expect(await topUpRow(topUpId)).toMatchObject({ status: 'created', payment_intent_id: null })
    expect(await balanceOf(db, userId)).toBe(0)
    // Without a logger, the same.
    expect(await settleTopUpIntent({ ...deps(), log: undefined }, other)).toBe('ignored')
  })

  it('without a top-up id, or with an unknown one: ignored', async () => {
    const { pi } = await startedTopUp(1_500)
    const bare = { ...paid(pi), metadata: undefined } as unknown as Stripe.PaymentIntent
    expect(await settleTopUpIntent(deps(), bare)).toBe('ignored')
    const unknown = { ...paid(pi), metadata: { top_up_id: randomUUID() } }
    expect(await settleTopUpIntent(deps(), unknown as Stripe.PaymentIntent)).toBe('ignored')
    expect(log.error).not.toHaveBeenCalled()
  })

  it('without Stripe configured: refused with 503', async () => {
    await expect(settleTopUp({ ...deps(), stripe: null }, 'pi_x')).rejects.toMatchObject({
      status: 503,
      code: 'payments_not_configured',
    })
  })
})

describe('the card and the member of a paid top-up (decision 0053)', () => {
  const charged = (pi: Stripe.PaymentIntent, brand: string, last4: string) =>
    intentNow(pi, {
      status: 'succeeded',
      amount_received: pi.amount,
      latest_charge: { id: 'ch_1', payment_method_details: { card: { brand, last4 } } },
    } as unknown as Partial<Stripe.PaymentIntent>)

  async function cardOf(topUpId: string) {
    const { rows } = await db.query('select card_brand, card_last4 from top_ups where id = $1', [
      topUpId,
    ])
    return rows[0]
  }

  it('keeps the card it was paid with, for a withdrawal back to it', async () => {
    const { topUpId, pi } = await startedTopUp()
    expect(await settleTopUpIntent(deps(), charged(pi, 'visa', '4242'))).toBe('credited')
    expect(await cardOf(topUpId)).toEqual({ card_brand: 'visa', card_last4: '4242' })
    // The first card told stays: a later read cannot change where the money came from.
    expect(await settleTopUpIntent(deps(), charged(pi, 'amex', '0005'))).toBe('already_credited')
    expect(await cardOf(topUpId)).toEqual({ card_brand: 'visa', card_last4: '4242' })
  })

  it('keeps it too when the intent was credited already', async () => {
    const { userId, topUpId, pi } = await startedTopUp(1_000)
    await creditTopUp(db, { userId, amount: 1_000, paymentIntentId: pi.id, topUpId })
    expect(await settleTopUpIntent(deps(), charged(pi, 'mastercard', '5555'))).toBe(
      'already_credited',
    )
    expect(await cardOf(topUpId)).toEqual({ card_brand: 'mastercard', card_last4: '5555' })
  })

  it('keeps no card for a payment that failed', async () => {
    const { topUpId, pi } = await startedTopUp()
    const failed = intentNow(pi, {
      status: 'requires_payment_method',
      last_payment_error: { message: 'Declined' },
      latest_charge: {
        id: 'ch_2',
        payment_method_details: { card: { brand: 'visa', last4: '1' } },
      },
    } as unknown as Partial<Stripe.PaymentIntent>)
    await settleTopUpIntent(deps(), failed)
    expect(await cardOf(topUpId)).toEqual({ card_brand: null, card_last4: null })
  })

  it('gives a payment for an account closed meanwhile back to the card, never crediting it', async () => {
    const { userId, topUpId, pi } = await startedTopUp(3_000)
    await db.query('update users set deleted_at = now() where id = $1', [userId])
    expect(await settleTopUpIntent(deps(), paid(pi))).toBe('refunded')
    expect(await balanceOf(db, userId)).toBe(0)
    expect(await topUpRow(topUpId)).toMatchObject({ status: 'refunded', credited_at: null })
    expect(refunds).toEqual([
      {
        params: expect.objectContaining({ payment_intent: pi.id }),
        options: { idempotencyKey: `top-up-refund:${topUpId}` },
      },
    ])
    // No one is left to tell.
    expect(await notificationsOf(userId)).toEqual([])
    await expectMoneyInvariants(db)
  })
})
