import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query'
import { IDEMPOTENCY_HEADER } from '../../../common/config'
import {
  FINAL_TOP_UP_STATUSES,
  type LedgerEntry,
  type TopUpResponse,
  type TopUpStatus,
  type Wallet,
  type WalletHold,
} from '../../../common/wallet'
import { api } from '../../api/client'
import { pendingWorkMeta } from '../../offline/reload-guard'

export const walletKey = ['wallet'] as const
export const ledgerKey = ['wallet', 'ledger'] as const
export const holdsKey = ['wallet', 'holds'] as const
export const topUpKey = (id: string) => ['wallet', 'top-up', id] as const

export interface LedgerPage {
  items: LedgerEntry[]
  nextCursor: string | null
}

/** GET /api/wallet: balance, held, available, version (patched live by `wallet.updated`). */
export function useWallet(enabled = true) {
  return useQuery({
    queryKey: walletKey,
    queryFn: ({ signal }) => api.get('wallet', { signal }).json<Wallet>(),
    enabled,
  })
}

/** GET /api/wallet/ledger, newest first, one cursor page at a time. */
export function useLedger(enabled = true) {
  return useInfiniteQuery({
    queryKey: ledgerKey,
    queryFn: ({ signal, pageParam }) =>
      api
        .get('wallet/ledger', {
          signal,
          searchParams: pageParam ? { cursor: pageParam } : undefined,
        })
        .json<LedgerPage>(),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  })
}

/** GET /api/wallet/holds: money held by the lots the user leads. */
export function useHolds(enabled = true) {
  return useQuery({
    queryKey: holdsKey,
    queryFn: ({ signal }) =>
      api
        .get('wallet/holds', { signal })
        .json<{ items: WalletHold[] }>()
        .then((b) => b.items),
    enabled,
  })
}

export const isFinalStatus = (status: TopUpStatus) => FINAL_TOP_UP_STATUSES.includes(status)

/** Polling after a confirmation: about a minute in all (1 s, 1.5 s, … capped at 8 s), then stop. */
export const POLL_LIMIT = 14
export function pollDelay(attempt: number): number {
  return Math.min(1000 * 1.5 ** attempt, 8000)
}

/**
 * GET /api/wallet/top-ups/:id. The server asks Stripe and settles the top-up if it succeeded, so
 * this is also how the return page learns the outcome. Never persisted (it carries the client
 * secret). While `watchSince` is set (the fetch count when watching started, after confirming or
 * on a return), it refetches with backoff while the outcome is pending, at most POLL_LIMIT times.
 */
export function useTopUp(id: string | null, watchSince: number | null) {
  return useQuery({
    queryKey: topUpKey(id ?? ''),
    queryFn: ({ signal }) => api.get(`wallet/top-ups/${id}`, { signal }).json<TopUpResponse>(),
    enabled: id !== null,
    meta: { persist: false },
    staleTime: 0,
    gcTime: 60_000,
    refetchOnWindowFocus: false,
    refetchInterval: (query) => {
      const status = query.state.data?.topUp.status
      const pending = status === 'processing' || (status === 'created' && watchSince !== null)
      if (!pending) return false
      const fetched = query.state.dataUpdateCount - (watchSince ?? 0)
      return fetched >= POLL_LIMIT ? false : pollDelay(fetched)
    },
  })
}

/**
 * POST /api/wallet/top-ups with the attempt's Idempotency-Key: a double click, a retried request
 * or a reload sends the same key, and the server answers with the same top-up and PaymentIntent.
 * Never queued offline (not sent while offline: it fails at once); one whose answer was lost is
 * sent again under its key as soon as the network allows (decision 0049).
 */
export function useCreateTopUp() {
  const client = useQueryClient()
  return useMutation({
    mutationKey: ['wallet', 'create-top-up'],
    networkMode: 'offlineFirst',
    meta: pendingWorkMeta('payment'),
    mutationFn: ({ amount, key }: { amount: number; key: string }) =>
      api
        .post('wallet/top-ups', { json: { amount }, headers: { [IDEMPOTENCY_HEADER]: key } })
        .json<TopUpResponse>(),
    onSuccess: (body) => client.setQueryData(topUpKey(body.topUp.id), body),
  })
}

/** After a top-up is credited: what the wallet screens show has changed. */
export function refreshWallet(client: ReturnType<typeof useQueryClient>): void {
  const keys: QueryKey[] = [walletKey, ledgerKey]
  for (const queryKey of keys) void client.invalidateQueries({ queryKey, exact: true })
}
