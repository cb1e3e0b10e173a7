import { onlineManager } from '@tanstack/react-query'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type {
  MoneyOutView,
  Payout,
  PayoutAccountState,
  Withdrawal,
} from '../../../../common/money-out'
import { createQueryClient } from '../../../offline/query-client'
import { applyEvent } from '../../../realtime/bridge'
import { json, mockApi, problem, type Handler } from '../../../testing/http'
import { renderWithApp } from '../../../testing/render'
import { moneyOutKeys } from './api'
import { MoneyOutSection } from './MoneyOutSection'
import { payoutAccountRule, withdrawalRowRule } from './realtime'

afterEach(() => onlineManager.setOnline(true))

const USER = '22222222-2222-4222-8222-222222222222'

const READY: PayoutAccountState = {
  status: 'ready',
  detailsSubmitted: true,
  payoutsEnabled: true,
  requirementsDue: [],
}
const NONE: PayoutAccountState = {
  status: 'none',
  detailsSubmitted: false,
  payoutsEnabled: false,
  requirementsDue: [],
}

/** €50.00 of real money; €42.00 of it came from a Visa top-up still refundable. */
function view(overrides: Partial<MoneyOutView> = {}): MoneyOutView {
  return {
    currency: 'EUR',
    available: 5_000,
    demoCredit: 0,
    withdrawable: 5_000,
    inTransit: 0,
    refundable: [
      {
        topUpId: 't1',
        refundable: 4_200,
        card: { brand: 'visa', last4: '4242' },
        paidAt: '2026-11-20T10:00:00Z',
      },
    ],
    payoutAccount: READY,
    payoutMin: 1_000,
    payoutDailyMax: 100_000,
    payoutLeftToday: 100_000,
    moneyOutEnabled: true,
    refundWindowDays: 180,
    ...overrides,
  }
}

function payout(overrides: Partial<Payout> = {}): Payout {
  return {
    id: 'p1',
    amount: 2_000,
    currency: 'EUR',
    status: 'pending',
    reversedAmount: 0,
    failureMessage: null,
    withdrawalId: null,
    createdAt: '2026-11-21T10:00:00Z',
    updatedAt: '2026-11-21T10:00:00Z',
    ...overrides,
  }
}

function withdrawal(overrides: Partial<Withdrawal> = {}): Withdrawal {
  return {
    id: 'w1',
    amount: 5_000,
    currency: 'EUR',
    status: 'pending',
    refunds: [
      {
        id: 'r1',
        amount: 4_200,
        status: 'pending',
        card: { brand: 'visa', last4: '4242' },
        failureReason: null,
      },
    ],
    payout: payout({ id: 'p2', amount: 800, withdrawalId: 'w1' }),
    createdAt: '2026-11-22T10:00:00Z',
    ...overrides,
  }
}

const page = <T,>(items: T[], nextCursor: string | null = null) => json({ items, nextCursor })

function api(
  current: () => MoneyOutView = () => view(),
  extra: Record<string, Handler> = {},
  lists: { withdrawals?: Withdrawal[]; payouts?: Payout[] } = {},
) {
  return mockApi({
    'GET /api/wallet/money-out': () => json(current()),
    'GET /api/wallet/withdrawals': () => page(lists.withdrawals ?? []),
    'GET /api/wallet/payouts': () => page(lists.payouts ?? []),
    ...extra,
  })
}

const open = (path = '/wallet', client = createQueryClient()) =>
  renderWithApp(<MoneyOutSection online={onlineManager.isOnline()} />, { path, client })

const amountField = () => screen.getByRole('textbox', { name: 'Amount' })
const keyOf = (request: Request) => request.headers.get('Idempotency-Key')
const posts = (requests: Request[], path: string) =>
  requests.filter((r) => r.method === 'POST' && new URL(r.url).pathname === path)

describe('money out on the wallet screen (issue 30)', () => {
  it('shows what can leave, the demo credit that cannot, money in transit and a ready account', async () => {
    api(() => view({ available: 55_000, demoCredit: 50_000, inTransit: 1_200 }))
    open()
    expect(await screen.findByText('Payouts: ready')).toBeTruthy()
    const figures = screen.getByText('Can be withdrawn').closest('dl')!
    expect(within(figures).getByText('€50.00')).toBeTruthy()
    expect(within(figures).getByText('€500.00')).toBeTruthy()
    expect(within(figures).getByText('€12.00')).toBeTruthy()
    expect(screen.getByText(/never leaves Lotline/)).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Withdraw' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Pay out' })).toBeTruthy()
    expect(await screen.findByText('No withdrawals or payouts yet')).toBeTruthy()
  })

  it('says in one sentence that money cannot leave on a server without Stripe, with no buttons', async () => {
    api(() => view({ moneyOutEnabled: false }))
    open()
    expect(await screen.findByText(/Card refunds and payouts are off on this server/)).toBeTruthy()
    expect(screen.queryByRole('button')).toBeNull()
  })

  it('offers a retry when what can leave could not be loaded', async () => {
    let fail = true
    mockApi({
      'GET /api/wallet/money-out': () => (fail ? problem(403, 'forbidden', 'No') : json(view())),
      'GET /api/wallet/withdrawals': () => page([]),
      'GET /api/wallet/payouts': () => page([]),
    })
    open()
    expect(await screen.findByText('What can leave your wallet could not be loaded')).toBeTruthy()
    fail = false
    fireEvent.click(screen.getByRole('button', { name: /try again|retry/i }))
    expect(await screen.findByText('Payouts: ready')).toBeTruthy()
  })

  it('shows the plan of a split before confirming: each card, then the payout', async () => {
    api(() =>
      view({
        withdrawable: 6_000,
        refundable: [
          { topUpId: 't1', refundable: 4_200, card: { brand: 'visa', last4: '4242' }, paidAt: '' },
          { topUpId: 't0', refundable: 1_000, card: null, paidAt: '' },
        ],
      }),
    )
    open('/wallet?withdraw=1')
    fireEvent.change(await screen.findByRole('textbox', { name: 'Amount' }), {
      target: { value: '60' },
    })
    expect(
      screen.getByText(
        'This sends €42.00 back to Visa ·· 4242, €10.00 back to your card, €8.00 by payout.',
      ),
    ).toBeTruthy()
    fireEvent.change(amountField(), { target: { value: '30' } })
    expect(screen.getByText('This sends €30.00 back to Visa ·· 4242.')).toBeTruthy()
    fireEvent.change(amountField(), { target: { value: '61' } })
    expect(screen.getByText('You can withdraw at most €60.00.')).toBeTruthy()
  })

  it('cannot confirm an amount part of which could go nowhere, says why and offers payouts', async () => {
    api(() => view({ payoutAccount: NONE }))
    open('/wallet?withdraw=1')
    fireEvent.change(await screen.findByRole('textbox', { name: 'Amount' }), {
      target: { value: '50' },
    })
    const confirm = screen.getByRole('button', { name: 'Withdraw €50.00' })
    expect(confirm.getAttribute('aria-disabled')).toBe('true')
    expect(
      screen.getByText(
        '€8.00 of this can go neither back to a card topped up in the last 180 days nor by payout. The most you can withdraw now is €42.00.',
      ),
    ).toBeTruthy()
    expect(screen.getByText('Set up payouts to send the rest to your bank.')).toBeTruthy()
    expect(screen.getAllByRole('button', { name: 'Set up payouts' }).length).toBeGreaterThan(0)
    fireEvent.click(screen.getByRole('button', { name: 'All of it (€42.00)' }))
    expect((amountField() as HTMLInputElement).value).toBe('42.00')
    expect(screen.getByText('This sends €42.00 back to Visa ·· 4242.')).toBeTruthy()
    expect(
      screen.getByRole('button', { name: 'Withdraw €42.00' }).getAttribute('aria-disabled'),
    ).toBeNull()
  })

  it('sends a withdrawal again under the same key after a lost answer, then shows it', async () => {
    let calls = 0
    const { requests } = api(() => view(), {
      'POST /api/wallet/withdrawals': () => {
        calls += 1
        if (calls === 1) throw new TypeError('Failed to fetch')
        return json(withdrawal(), 201)
      },
    })
    open('/wallet?withdraw=1')
    fireEvent.change(await screen.findByRole('textbox', { name: 'Amount' }), {
      target: { value: '50' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw €50.00' }))
    expect(await screen.findByText('Withdrawal of €50.00', {}, { timeout: 3_000 })).toBeTruthy()
    const sent = posts(requests, '/api/wallet/withdrawals')
    expect(sent).toHaveLength(2)
    expect(keyOf(sent[0]!)).toMatch(/^[0-9a-f-]{32,36}$/)
    expect(keyOf(sent[1]!)).toBe(keyOf(sent[0]!))
    expect(await sent[1]!.clone().json()).toEqual({ amount: 5_000 })
    const result = screen.getByText('Withdrawal of €50.00').parentElement!
    expect(within(result).getByText('on its way', { selector: 'strong' })).toBeTruthy()
    expect(within(result).getByText(/€42.00 back to Visa ·· 4242/)).toBeTruthy()
    // What can leave is read again (and the wallet with it): the money is on its way.
    const reads = () =>
      requests.filter((r) => new URL(r.url).pathname === '/api/wallet/money-out').length
    await waitFor(() => expect(reads()).toBeGreaterThan(1))
  })

  it('keeps the key when the same amount is tried again after a refusal, not for another', async () => {
    let calls = 0
    const { requests } = api(() => view(), {
      'POST /api/wallet/withdrawals': () => {
        calls += 1
        return calls < 3
          ? problem(429, 'rate_limited', 'Slow down')
          : json(withdrawal({ amount: 4_000 }), 201)
      },
    })
    open('/wallet?withdraw=1')
    fireEvent.change(await screen.findByRole('textbox', { name: 'Amount' }), {
      target: { value: '50' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw €50.00' }))
    expect(await screen.findByText('Too many attempts. Wait a minute and try again.')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw €50.00' }))
    await waitFor(() => expect(posts(requests, '/api/wallet/withdrawals')).toHaveLength(2))
    fireEvent.change(amountField(), { target: { value: '40' } })
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Withdraw €40.00' }).getAttribute('aria-busy'),
      ).toBeNull(),
    )
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw €40.00' }))
    expect(await screen.findByText('Withdrawal of €40.00')).toBeTruthy()
    const [first, second, third] = posts(requests, '/api/wallet/withdrawals')
    expect(keyOf(second!)).toBe(keyOf(first!))
    expect(keyOf(third!)).not.toBe(keyOf(first!))
  })

  it('shows a refusal in words', async () => {
    api(() => view(), {
      'POST /api/wallet/withdrawals': () =>
        problem(409, 'withdrawal_unreachable', 'Part of it cannot leave'),
    })
    open('/wallet?withdraw=1')
    fireEvent.change(await screen.findByRole('textbox', { name: 'Amount' }), {
      target: { value: '50' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw €50.00' }))
    expect(
      await screen.findByText(
        'Part of this amount can go neither back to a card nor by payout. Choose a smaller amount.',
      ),
    ).toBeTruthy()
  })

  it('pays out within the minimum and what is left today', async () => {
    const { requests } = api(() => view({ payoutLeftToday: 3_000 }), {
      'POST /api/wallet/payouts': () => json(payout({ amount: 2_000 }), 201),
    })
    open()
    fireEvent.click(await screen.findByRole('button', { name: 'Pay out' }))
    expect(
      screen.getByText('From €10.00 to €30.00 now (at most €1,000.00 in 24 hours).'),
    ).toBeTruthy()
    fireEvent.change(amountField(), { target: { value: '5' } })
    expect(screen.getByText('Enter an amount from €10.00 to €30.00.')).toBeTruthy()
    fireEvent.change(amountField(), { target: { value: '20' } })
    fireEvent.click(screen.getByRole('button', { name: 'Pay out' }))
    expect(await screen.findByText('Payout of €20.00')).toBeTruthy()
    const [sent] = posts(requests, '/api/wallet/payouts')
    expect(await sent!.clone().json()).toEqual({ amount: 2_000 })
    expect(keyOf(sent!)).toBeTruthy()
  })

  it('both forms: empty only complains after a try, words are not an amount, each form its own limit', async () => {
    const { requests } = api()
    open()
    fireEvent.click(await screen.findByRole('button', { name: 'Pay out' }))
    expect(screen.queryByText('Enter an amount.')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Pay out' }))
    expect(screen.getByText('Enter an amount.')).toBeTruthy()
    fireEvent.change(amountField(), { target: { value: 'ten' } })
    expect(screen.getByText('Enter an amount such as 12.50.')).toBeTruthy()
    fireEvent.change(amountField(), { target: { value: '0' } })
    expect(screen.getByText('Enter an amount such as 12.50.')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw' }))
    fireEvent.change(amountField(), { target: { value: '50.01' } })
    expect(screen.getByText('You can withdraw at most €50.00.')).toBeTruthy()
    fireEvent.change(amountField(), { target: { value: '-3' } })
    expect(screen.getByText('Enter an amount such as 12.50.')).toBeTruthy()
    expect(posts(requests, '/api/wallet/payouts')).toEqual([])
    expect(posts(requests, '/api/wallet/withdrawals')).toEqual([])
  })

  it('offers no payout until the payout account is ready', async () => {
    api(() =>
      view({
        payoutAccount: {
          status: 'incomplete',
          detailsSubmitted: true,
          payoutsEnabled: false,
          requirementsDue: ['external_account', 'individual.dob.day'],
        },
      }),
    )
    open()
    expect(
      await screen.findByText('Finish setting up payouts to send money to your bank.'),
    ).toBeTruthy()
    expect(
      screen.getByText('Stripe still needs: external account, individual dob day'),
    ).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Finish setting up payouts' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Pay out' })).toBeNull()
  })

  it('sends the browser to Stripe to set up payouts', async () => {
    const assign = vi.fn()
    vi.stubGlobal('location', { ...window.location, assign })
    const { requests } = api(() => view({ payoutAccount: NONE }), {
      'POST /api/wallet/payout-account': () =>
        json({ url: 'https://connect.stripe.test/setup/acct_1' }),
    })
    open()
    fireEvent.click(await screen.findByRole('button', { name: 'Set up payouts' }))
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://connect.stripe.test/setup/acct_1'),
    )
    expect(posts(requests, '/api/wallet/payout-account')).toHaveLength(1)
  })

  it('back from onboarding, reads the account again from Stripe and clears the address', async () => {
    let account = NONE
    const { requests } = api(() => view({ payoutAccount: account }), {
      'GET /api/wallet/payout-account': () => {
        account = READY
        return json(READY)
      },
    })
    const { location } = open('/wallet?payouts=return')
    expect(await screen.findByText('Payouts: ready')).toBeTruthy()
    const refreshes = requests.filter(
      (r) => new URL(r.url).pathname === '/api/wallet/payout-account',
    )
    expect(refreshes).toHaveLength(1)
    expect(new URL(refreshes[0]!.url).searchParams.get('refresh')).toBe('1')
    await waitFor(() => expect(location.history.at(-1)).toBe('/wallet'))
  })

  it('reads what can leave again when the wallet moves on (a hold, a sale, a top-up)', async () => {
    let withdrawable = 5_000
    const wallet = { balance: 5_000, held: 0, available: 5_000, pending: 0, currency: 'EUR' }
    const { requests } = api(() => view({ withdrawable }), {
      'GET /api/wallet': () => json({ ...wallet, version: 1 }),
    })
    const { client } = open()
    const figures = (await screen.findByText('Can be withdrawn')).closest('dl')!
    expect(within(figures).getByText('€50.00')).toBeTruthy()
    withdrawable = 3_000
    act(() => client.setQueryData(['wallet'], { ...wallet, available: 3_000, version: 2 }))
    expect(await within(figures).findByText('€30.00')).toBeTruthy()
    const reads = requests.filter((r) => new URL(r.url).pathname === '/api/wallet/money-out')
    expect(reads).toHaveLength(2)
  })

  it('offline: the saved figures, and every move says it needs a connection', async () => {
    api()
    const client = createQueryClient()
    client.setQueryData(moneyOutKeys.view, view())
    client.setQueryData(moneyOutKeys.withdrawals, { pages: [], pageParams: [null] })
    client.setQueryData(moneyOutKeys.payouts, { pages: [], pageParams: [null] })
    act(() => onlineManager.setOnline(false))
    open('/wallet', client)
    expect(await screen.findByText('Payouts: ready')).toBeTruthy()
    for (const name of ['Withdraw', 'Pay out'])
      expect(screen.getByRole('button', { name }).getAttribute('aria-disabled')).toBe('true')
    expect(
      screen.getAllByText('You are offline. Money out needs a connection and is never queued.'),
    ).toHaveLength(2)
  })

  it('offline with the withdraw form open: the plan shows but confirming does not', async () => {
    const { requests } = api()
    const client = createQueryClient()
    client.setQueryData(moneyOutKeys.view, view())
    act(() => onlineManager.setOnline(false))
    open('/wallet?withdraw=1', client)
    fireEvent.change(await screen.findByRole('textbox', { name: 'Amount' }), {
      target: { value: '10' },
    })
    expect(screen.getByText('This sends €10.00 back to Visa ·· 4242.')).toBeTruthy()
    const confirm = screen.getByRole('button', { name: 'Withdraw €10.00' })
    expect(confirm.getAttribute('aria-disabled')).toBe('true')
    fireEvent.click(confirm)
    expect(posts(requests, '/api/wallet/withdrawals')).toHaveLength(0)
  })
})

describe('the history of withdrawals and payouts', () => {
  it('lists each with its outcome, a payout of a withdrawal inside it, and loads more', async () => {
    const older = payout({
      id: 'p0',
      amount: 1_500,
      status: 'paid',
      createdAt: '2026-11-01T10:00:00Z',
    })
    mockApi({
      'GET /api/wallet/money-out': () => json(view()),
      'GET /api/wallet/withdrawals': () =>
        page([
          withdrawal({
            id: 'w2',
            status: 'partly_failed',
            refunds: [
              {
                id: 'r2',
                amount: 4_200,
                status: 'failed',
                card: null,
                failureReason: 'Card expired',
              },
            ],
            payout: payout({ id: 'p3', amount: 800, status: 'paid', withdrawalId: 'w2' }),
          }),
        ]),
      'GET /api/wallet/payouts': (request) =>
        new URL(request.url).searchParams.get('cursor') === 'c2'
          ? page([older])
          : page(
              [
                payout({ id: 'p3', amount: 800, status: 'paid', withdrawalId: 'w2' }),
                payout({
                  id: 'p4',
                  amount: 3_000,
                  status: 'reversed',
                  reversedAmount: 3_000,
                  failureMessage: 'Account closed',
                }),
              ],
              'c2',
            ),
    })
    open()
    const withdrawals = await screen.findByRole('list', { name: 'Withdrawals' })
    expect(within(withdrawals).getByText('partly failed')).toBeTruthy()
    expect(
      within(withdrawals).getByText('€42.00 back to your card — failed: Card expired'),
    ).toBeTruthy()
    expect(within(withdrawals).getByText(/€8.00 by payout — paid/)).toBeTruthy()
    const payouts = screen.getByRole('list', { name: 'Payouts' })
    expect(within(payouts).getAllByRole('listitem')).toHaveLength(1)
    expect(
      within(payouts).getByText('reversed: Account closed (€30.00 back in your wallet)'),
    ).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'More payouts' }))
    await waitFor(() => expect(within(payouts).getAllByRole('listitem')).toHaveLength(2))
    expect(within(payouts).getByText('€15.00')).toBeTruthy()
  })

  it('a withdrawal.updated event moves its row on in place', async () => {
    mockApi({
      'GET /api/wallet/money-out': () => json(view()),
      'GET /api/wallet/withdrawals': () => page([withdrawal()]),
      'GET /api/wallet/payouts': () => page([]),
    })
    const { client } = open()
    const list = await screen.findByRole('list', { name: 'Withdrawals' })
    expect(within(list).getByText('on its way', { selector: '.money-out-status' })).toBeTruthy()
    const params = { userId: USER }
    expect(withdrawalRowRule.channel.exec(`private-wallet.${USER}`)?.groups).toEqual(params)
    const done = withdrawal({
      status: 'completed',
      refunds: [{ ...withdrawal().refunds[0]!, status: 'succeeded' }],
      payout: payout({ id: 'p2', amount: 800, withdrawalId: 'w1', status: 'paid' }),
    })
    act(() => {
      expect(applyEvent(client, withdrawalRowRule, params, done)).toBe('patched')
    })
    expect(await within(list).findByText('completed')).toBeTruthy()
    expect(within(list).getByText('€42.00 back to Visa ·· 4242 — refunded')).toBeTruthy()
  })

  it('a payout_account.updated event sets the account state', async () => {
    api(() => view({ payoutAccount: NONE }))
    const { client } = open()
    expect(await screen.findByRole('button', { name: 'Set up payouts' })).toBeTruthy()
    act(() => {
      expect(applyEvent(client, payoutAccountRule, { userId: USER }, READY)).toBe('patched')
    })
    expect(await screen.findByText('Payouts: ready')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Pay out' })).toBeTruthy()
  })
})
