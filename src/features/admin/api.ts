import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query'
import type { AdminMember, AdminTopUp, AuditEntry } from '../../../common/admin'
import type { Role } from '../../../common/accounts'
import type { LotSummary } from '../../../common/auction'
import { IDEMPOTENCY_HEADER } from '../../../common/config'
import type { OrderState } from '../../../common/orders/states'
import type { AdminFees, Order, OrderDetail } from '../../../common/orders/shapes'
import type { Wallet } from '../../../common/wallet'
import { api } from '../../api/client'
import { newIdempotencyKey } from '../../api/idempotency'

/** The admin area's API hooks (decision 0027). Every write refreshes the audit. */
interface Page<T> {
  items: T[]
  nextCursor: string | null
}

export const adminKeys = {
  all: ['admin'] as const,
  members: (q: string) => ['admin', 'members', q] as const,
  lots: (q: string) => ['admin', 'lots', q] as const,
  topUps: ['admin', 'top-ups'] as const,
  audit: ['admin', 'audit'] as const,
  orders: (state: OrderState | 'all') => ['admin', 'orders', state] as const,
  fees: ['admin', 'fees'] as const,
}

export function useMembers(q: string) {
  return useInfiniteQuery({
    queryKey: adminKeys.members(q),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api
        .get('admin/members', {
          searchParams: { ...(q ? { q } : {}), ...(pageParam ? { cursor: pageParam } : {}) },
          signal,
        })
        .json<Page<AdminMember>>(),
    getNextPageParam: (last) => last.nextCursor,
  })
}

export function useAdminLots(q: string) {
  return useQuery({
    queryKey: adminKeys.lots(q),
    queryFn: ({ signal }) =>
      api
        .get('admin/lots', { searchParams: q ? { q } : {}, signal })
        .json<{ items: LotSummary[] }>(),
  })
}

export function useTopUpsNeedingAttention() {
  return useQuery({
    queryKey: adminKeys.topUps,
    queryFn: ({ signal }) => api.get('admin/top-ups', { signal }).json<{ items: AdminTopUp[] }>(),
  })
}

export type AuditPages = InfiniteData<Page<AuditEntry>, unknown>

export function useAudit() {
  return useInfiniteQuery({
    queryKey: adminKeys.audit,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api
        .get('admin/audit', { searchParams: pageParam ? { cursor: pageParam } : {}, signal })
        .json<Page<AuditEntry>>(),
    getNextPageParam: (last) => last.nextCursor,
  })
}

/** Every order, or those in one state (`problem`: the problem queue), newest first. */
export function useAdminOrders(state: OrderState | 'all') {
  return useInfiniteQuery({
    queryKey: adminKeys.orders(state),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api
        .get('admin/orders', {
          searchParams: {
            ...(state === 'all' ? {} : { state }),
            ...(pageParam ? { cursor: pageParam } : {}),
          },
          signal,
        })
        .json<Page<Order>>(),
    getNextPageParam: (last) => last.nextCursor,
  })
}

/** The house's fees: all time and the last 30 days, net of refunds taken from them. */
export function useAdminFees() {
  return useQuery({
    queryKey: adminKeys.fees,
    queryFn: ({ signal }) => api.get('admin/fees', { signal }).json<AdminFees>(),
  })
}

/** A write of the admin area: on success the admin lists and the audit are read again. */
function useAdminWrite<V, R>(write: (vars: V) => Promise<R>) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: write,
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  })
}

export const useChangeRole = () =>
  useAdminWrite((v: { userId: string; role: Role; reason: string }) =>
    api
      .post(`admin/members/${v.userId}/role`, { json: { role: v.role, reason: v.reason } })
      .json<{ member: AdminMember }>(),
  )

export const useSetSuspension = () =>
  useAdminWrite((v: { userId: string; suspended: boolean; reason: string }) =>
    api
      .post(`admin/members/${v.userId}/suspension`, {
        json: { suspended: v.suspended, reason: v.reason },
      })
      .json<{ member: AdminMember }>(),
  )

/** Closes a member's account (decision 0053); refused with 409 while anything still ties it. */
export const useCloseMember = () =>
  useAdminWrite((v: { userId: string; reason: string }) =>
    api
      .post(`admin/members/${v.userId}/close`, { json: { reason: v.reason } })
      .json<{ member: AdminMember }>(),
  )

export const useAdjustWallet = () =>
  useAdminWrite((v: { userId: string; amount: number; reason: string; key: string }) =>
    api
      .post(`admin/wallets/${v.userId}/adjustments`, {
        json: { amount: v.amount, reason: v.reason },
        headers: { [IDEMPOTENCY_HEADER]: v.key },
      })
      .json<{ wallet: Wallet }>(),
  )

export const useCancelLot = () =>
  useAdminWrite((v: { lotId: string; reason: string; key: string }) =>
    api
      .post(`admin/lots/${v.lotId}/cancel`, {
        json: { reason: v.reason },
        headers: { [IDEMPOTENCY_HEADER]: v.key },
      })
      .json<LotSummary>(),
  )

export const useRefreshTopUp = () =>
  useAdminWrite((v: { topUpId: string }) =>
    api.post(`admin/top-ups/${v.topUpId}/refresh`).json<{ status: string }>(),
  )

/**
 * An admin's resolution of an order's problem: a refund (all paid unless `amount`) or completion.
 * The lists are read again whatever the answer: a refusal (409) means the order moved meanwhile.
 */
export function useResolveOrder() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (v: {
      orderId: string
      outcome: 'refund' | 'complete'
      amount?: number | undefined
      reason: string
      key: string
    }) =>
      api
        .post(`admin/orders/${v.orderId}/resolution`, {
          json: {
            outcome: v.outcome,
            reason: v.reason,
            ...(v.amount === undefined ? {} : { amount: v.amount }),
          },
          headers: { [IDEMPOTENCY_HEADER]: v.key },
        })
        .json<OrderDetail>(),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  })
}

export { newIdempotencyKey }
