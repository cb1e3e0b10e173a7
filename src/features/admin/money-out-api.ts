import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Payout, Withdrawal } from '../../../common/money-out'
import { api } from '../../api/client'
import { adminKeys } from './api'

/** Money out for admins (issue 30, decision 0053): payouts, withdrawals, reconciliation. */

export type MoneyOutKind = 'payouts' | 'withdrawals'

/** The member a payout or withdrawal belongs to (the list may leave it out). */
interface Owner {
  member?: { id: string; name: string; email: string }
}
export type AdminPayout = Payout & Owner
export type AdminWithdrawal = Withdrawal & Owner

export interface ReconciliationDifference {
  kind: string
  stripeId: string | null
  ourId: string | null
  expected: unknown
  found: unknown
}

/** The reconciler's last run: what it compared with Stripe and what differed. */
export interface ReconciliationReport {
  ranAt: string
  checked: number
  differences: ReconciliationDifference[]
}

interface Page<T> {
  items: T[]
  nextCursor: string | null
}

export const moneyOutAdminKeys = {
  list: (kind: MoneyOutKind, status: string) => [...adminKeys.all, kind, status] as const,
  reconciliation: [...adminKeys.all, 'reconciliation'] as const,
}

/** GET /api/admin/payouts or /withdrawals, all or in one status, a cursor page at a time. */
export function useAdminMoneyOut(kind: MoneyOutKind, status: string) {
  return useInfiniteQuery({
    queryKey: moneyOutAdminKeys.list(kind, status),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api
        .get(`admin/${kind}`, {
          searchParams: {
            ...(status === 'all' ? {} : { status }),
            ...(pageParam ? { cursor: pageParam } : {}),
          },
          signal,
        })
        .json<Page<AdminPayout | AdminWithdrawal>>(),
    getNextPageParam: (last) => last.nextCursor,
  })
}

/** POST /api/admin/{kind}/:id/retry with the admin's reason; the lists and the audit refetch. */
export function useRetryMoneyOut(kind: MoneyOutKind) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (v: { id: string; reason: string }) =>
      api
        .post(`admin/${kind}/${encodeURIComponent(v.id)}/retry`, { json: { reason: v.reason } })
        .json<unknown>(),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  })
}

export function useReconciliation() {
  return useQuery({
    queryKey: moneyOutAdminKeys.reconciliation,
    queryFn: ({ signal }) =>
      api.get('admin/reconciliation', { signal }).json<{ report: ReconciliationReport | null }>(),
  })
}

/** POST /api/admin/reconciliation: run it now; the report (and the lists it may fix) refetch. */
export function useRunReconciliation() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () => api.post('admin/reconciliation').json<unknown>(),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  })
}
