import { useMutation, type UseMutationOptions } from '@tanstack/react-query'
import { newIdempotencyKey } from '../api/idempotency'
import type { Queued } from './queued'

// Apart from queued.ts: the screens that make queued writes use this, while what replays them
// (queued.ts) is part of every start.

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
    mutate: (vars: TVars) => mutate({ ...vars, idempotencyKey: newIdempotencyKey() }),
    mutateAsync: (vars: TVars) => mutateAsync({ ...vars, idempotencyKey: newIdempotencyKey() }),
  }
}
