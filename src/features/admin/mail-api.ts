import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query'
import type { AdminMail, MailStatus } from '../../../common/mail'
import { api } from '../../api/client'
import { adminKeys } from './api'

/** The mail outbox for admins (issue 31, decision 0054): dead letters and their retry. */

interface Page<T> {
  items: T[]
  nextCursor: string | null
}

export const mailAdminKeys = {
  list: (status: MailStatus) => [...adminKeys.all, 'mail', status] as const,
}

/** GET /api/admin/mail in one status, a cursor page at a time. */
export function useAdminMail(status: MailStatus) {
  return useInfiniteQuery({
    queryKey: mailAdminKeys.list(status),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api
        .get('admin/mail', {
          searchParams: { status, ...(pageParam ? { cursor: pageParam } : {}) },
          signal,
        })
        .json<Page<AdminMail>>(),
    getNextPageParam: (last) => last.nextCursor,
  })
}

/** POST /api/admin/mail/:id/retry with the admin's reason; the lists and the audit refetch. */
export function useRetryMail() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (v: { id: number; reason: string }) =>
      api.post(`admin/mail/${v.id}/retry`, { json: { reason: v.reason } }).json<AdminMail>(),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  })
}
