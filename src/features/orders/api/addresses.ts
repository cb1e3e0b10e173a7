import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { IDEMPOTENCY_HEADER } from '../../../../common/config'
import type { Address, AddressInput } from '../../../../common/orders/addresses'
import { api } from '../../../api/client'
import { AttemptKeys } from '../../../api/idempotency'
import { orderKeys } from './keys'

/** `GET /api/me/addresses`: my address book, the default first. */
export function useAddresses(enabled: boolean) {
  return useQuery({
    queryKey: orderKeys.addresses,
    queryFn: ({ signal }) => api.get('me/addresses', { signal }).json<{ items: Address[] }>(),
    select: (data) => data.items,
    enabled,
  })
}

/** `POST /api/me/addresses`: one more address; a retried attempt keeps one (same key). */
export function useAddAddress() {
  const client = useQueryClient()
  const [keys] = useState(() => new AttemptKeys())
  return useMutation({
    mutationFn: (input: AddressInput) =>
      api
        .post('me/addresses', {
          json: input,
          headers: { [IDEMPOTENCY_HEADER]: keys.keyFor(input) },
        })
        .json<Address>(),
    onSuccess: () => {
      keys.done()
      void client.invalidateQueries({ queryKey: orderKeys.addresses })
    },
  })
}

/** `DELETE /api/me/addresses/:id`. */
export function useRemoveAddress() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api.delete(`me/addresses/${encodeURIComponent(id)}`),
    onSuccess: () => void client.invalidateQueries({ queryKey: orderKeys.addresses }),
  })
}
