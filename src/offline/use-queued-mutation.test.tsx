import { QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { isIdempotencyKey } from '../api/idempotency'
import { createQueryClient } from './query-client'
import type { Queued } from './queued'
import { useQueuedMutation } from './use-queued-mutation'

/**
 * A queueable write's mutate (use-queued-mutation.ts): every call carries a fresh idempotency key
 * beside the caller's variables, so the server applies each write once and never mistakes two
 * writes (even with the same variables) for one.
 */
type Bid = { lotId: string; amount: number }

function renderQueuedMutation() {
  const sent: Array<Bid & Queued> = []
  const mutationFn = vi.fn(async (vars: Bid & Queued) => {
    sent.push(vars)
    return { accepted: vars.amount }
  })
  const client = createQueryClient()
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  )
  const view = renderHook(() => useQueuedMutation<Bid>({ mutationFn }), { wrapper })
  return { ...view, sent }
}

describe('useQueuedMutation', () => {
  it('sends each mutate with the caller variables and a fresh key, never the same twice', async () => {
    const { result, sent } = renderQueuedMutation()
    act(() => result.current.mutate({ lotId: 'lot-1', amount: 10 }))
    await waitFor(() => expect(sent).toHaveLength(1))
    act(() => result.current.mutate({ lotId: 'lot-1', amount: 10 }))
    await waitFor(() => expect(sent).toHaveLength(2))

    expect(sent[0]).toMatchObject({ lotId: 'lot-1', amount: 10 })
    expect(sent[1]).toMatchObject({ lotId: 'lot-1', amount: 10 })
    const keys = sent.map((vars) => vars.idempotencyKey)
    expect(keys.every((key) => typeof key === 'string' && isIdempotencyKey(key))).toBe(true)
    expect(keys[0]).not.toBe(keys[1])
  })

  it('does the same for mutateAsync, and resolves with the answer', async () => {
    const { result, sent } = renderQueuedMutation()
    let answers: unknown[] = []
    await act(async () => {
      answers = [
        await result.current.mutateAsync({ lotId: 'lot-2', amount: 20 }),
        await result.current.mutateAsync({ lotId: 'lot-2', amount: 20 }),
      ]
    })
    expect(answers).toEqual([{ accepted: 20 }, { accepted: 20 }])
    expect(sent.map(({ lotId, amount }) => ({ lotId, amount }))).toEqual([
      { lotId: 'lot-2', amount: 20 },
      { lotId: 'lot-2', amount: 20 },
    ])
    const [first, second] = sent.map((vars) => vars.idempotencyKey)
    expect(isIdempotencyKey(first ?? '')).toBe(true)
    expect(isIdempotencyKey(second ?? '')).toBe(true)
    expect(first).not.toBe(second)
  })

  it('keeps the rest of the mutation as useMutation gives it (state, variables, reset)', async () => {
    const { result } = renderQueuedMutation()
    expect(result.current.isIdle).toBe(true)
    act(() => result.current.mutate({ lotId: 'lot-3', amount: 30 }))
    await waitFor(() => expect(result.current.isSuccess).toBe(true))
    expect(result.current.data).toEqual({ accepted: 30 })
    expect(result.current.variables).toMatchObject({ lotId: 'lot-3', amount: 30 })
    act(() => result.current.reset())
    await waitFor(() => expect(result.current.isIdle).toBe(true))
  })
})
