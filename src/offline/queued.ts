import { useMutation, type UseMutationOptions } from '@tanstack/react-query'
import { IDEMPOTENCY_HEADER } from '../../common/config'

/**
 * Every write of the offline queue carries its own idempotency key, chosen when the user acts:
 * the same queued write replayed by two tabs (or twice by one) is applied once by the server,
 * and a late replay cannot undo a newer write (docs/decisions/0012).
 */
export interface Queued {
  /** Absent only on writes queued before keys existed; those are sent without the header. */
  idempotencyKey?: string
}

export function newQueueKey(): string {
  const c = globalThis.crypto as Crypto | undefined
  if (typeof c?.randomUUID === 'function') return c.randomUUID()
  // randomUUID needs a secure context; plain-http LAN previews still get a random key.
  const bytes = new Uint8Array(16)
  if (c) c.getRandomValues(bytes)
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256)
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

/** The request headers that carry a queued write's key. */
export function queueHeaders({ idempotencyKey }: Queued): Record<string, string> {
  return idempotencyKey ? { [IDEMPOTENCY_HEADER]: idempotencyKey } : {}
}

/** The key a queued (or dehydrated) mutation carries in its variables, if any. */
export function queueKeyOf(mutation: { state: { variables?: unknown } }): string | undefined {
  const key = (mutation.state.variables as Queued | undefined)?.idempotencyKey
  return typeof key === 'string' ? key : undefined
}

/**
 * useMutation for a queueable write: `mutate(vars)` adds a fresh idempotency key to every call,
 * so no caller can forget it (or reuse one for a different write).
 */
export function useQueuedMutation<TVars extends object>(
  options: UseMutationOptions<unknown, Error, TVars & Queued>,
) {
  const mutation = useMutation(options)
  const { mutate, mutateAsync } = mutation
  return {
    ...mutation,
    mutate: (vars: TVars) => mutate({ ...vars, idempotencyKey: newQueueKey() }),
    mutateAsync: (vars: TVars) => mutateAsync({ ...vars, idempotencyKey: newQueueKey() }),
  }
}
