import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query'
import { useState } from 'react'
import { IDEMPOTENCY_HEADER } from '../../../../common/config'
import type {
  MoneyOutView,
  Payout,
  PayoutAccountLink,
  PayoutAccountState,
  Withdrawal,
} from '../../../../common/money-out'
import { api } from '../../../api/client'
import { AttemptKeys } from '../../../api/idempotency'
import { pendingWorkMeta } from '../../../offline/reload-guard'
import { ledgerKey, walletKey } from '../api'

/** Everything money-out caches lives under ['wallet', 'money-out'] (one prefix to refetch). */
export const moneyOutKeys = {
  all: ['wallet', 'money-out'] as const,
  view: ['wallet', 'money-out', 'view'] as const,
  payouts: ['wallet', 'money-out', 'payouts'] as const,
  withdrawals: ['wallet', 'money-out', 'withdrawals'] as const,
}

export interface Page<T> {
  items: T[]
  nextCursor: string | null
}

/** GET /api/wallet/money-out: what can leave now and where it would go (decision 0053). */
export function useMoneyOut(enabled = true) {
  return useQuery({
    queryKey: moneyOutKeys.view,
    queryFn: ({ signal }) => api.get('wallet/money-out', { signal }).json<MoneyOutView>(),
    enabled,
  })
}

function usePages<T>(key: readonly string[], path: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: key,
    queryFn: ({ signal, pageParam }) =>
      api
        .get(path, { signal, searchParams: pageParam ? { cursor: pageParam } : undefined })
        .json<Page<T>>(),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  })
}

/** GET /api/wallet/payouts, newest first, a cursor page at a time. */
export const usePayouts = (enabled = true) =>
  usePages<Payout>(moneyOutKeys.payouts, 'wallet/payouts', enabled)

/** GET /api/wallet/withdrawals, newest first, a cursor page at a time. */
export const useWithdrawals = (enabled = true) =>
  usePages<Withdrawal>(moneyOutKeys.withdrawals, 'wallet/withdrawals', enabled)

/** The payout account inside the cached view, replaced by a fresher state. */
export function setPayoutAccount(client: QueryClient, account: PayoutAccountState): void {
  client.setQueryData<MoneyOutView>(moneyOutKeys.view, (view) =>
    view ? { ...view, payoutAccount: account } : view,
  )
}

/**
 * Back from Stripe's onboarding: GET …/payout-account?refresh=1 reads the account from Stripe
 * (the webhook may not have arrived yet), then the view is read again (the limits may differ).
 */
export function useRefreshPayoutAccount() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () =>
      api
        .get('wallet/payout-account', { searchParams: { refresh: '1' } })
        .json<PayoutAccountState>(),
    onSuccess: (account) => {
      setPayoutAccount(client, account)
      void client.invalidateQueries({ queryKey: moneyOutKeys.view })
    },
  })
}

/** POST …/payout-account → a Stripe Account Link; the browser leaves for it. */
export function useStartOnboarding() {
  return useMutation({
    mutationFn: () => api.post('wallet/payout-account').json<PayoutAccountLink>(),
    onSuccess: ({ url }) => window.location.assign(url),
  })
}

/** After money left: the wallet, its history and every money-out list are read again. */
function refreshAfterMoneyOut(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: walletKey, exact: true })
  void client.invalidateQueries({ queryKey: ledgerKey, exact: true })
  void client.invalidateQueries({ queryKey: moneyOutKeys.all })
}

/**
 * A money-out write (`wallet/withdrawals` or `wallet/payouts`) with an Idempotency-Key per
 * attempt: a retry of the same amount after an error or a lost answer sends the same key, so
 * the server makes it once. Online only, never queued (decision 0053): it moves real money now.
 */
function useMoneyOutWrite<T>(path: string) {
  const client = useQueryClient()
  const [keys] = useState(() => new AttemptKeys())
  return useMutation({
    mutationKey: ['wallet', 'money-out', path],
    // Like a top-up: sent at once or failed at once, never paused in a queue; a reload while
    // it is on its way asks first.
    networkMode: 'offlineFirst',
    meta: pendingWorkMeta('payment'),
    mutationFn: (amount: number) =>
      api
        .post(path, {
          json: { amount },
          headers: { [IDEMPOTENCY_HEADER]: keys.keyFor({ amount }) },
        })
        .json<T>(),
    onSuccess: () => {
      keys.done()
      refreshAfterMoneyOut(client)
    },
    // A refusal (too much, not ready, today's limit) may mean what is on screen is out of date.
    onError: () => void client.invalidateQueries({ queryKey: moneyOutKeys.view }),
  })
}

export const useCreateWithdrawal = () => useMoneyOutWrite<Withdrawal>('wallet/withdrawals')
export const useCreatePayout = () => useMoneyOutWrite<Payout>('wallet/payouts')
