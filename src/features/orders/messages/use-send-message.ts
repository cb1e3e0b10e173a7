import { useMutationState, useQueryClient, type Mutation } from '@tanstack/react-query'
import type { OrderMessage } from '../../../../common/orders/messages'
import { useQueuedMutation } from '../../../offline/use-queued-mutation'
import {
  landMessage,
  registerOrderMessageMutations,
  SEND_MESSAGE_KEY,
  type SendMessageVars,
} from './send-mutation'

// A send made here may be queued offline: its definition is known from the moment the thread has
// loaded, not only after a restore (decision 0044).
registerOrderMessageMutations()

/**
 * `mutate({ orderId, body })`; the idempotency key is added for every send. `onRefused` hears a
 * send that failed for good (the text can go back in the box).
 */
export function useSendMessage(onRefused?: (vars: SendMessageVars) => void) {
  const client = useQueryClient()
  return useQueuedMutation<SendMessageVars>({
    mutationKey: SEND_MESSAGE_KEY,
    onSuccess: (message) => landMessage(client, message as OrderMessage),
    onError: (_error, vars) => onRefused?.(vars),
  })
}

/** A message of this thread not yet on the server: sending now, or queued until online. */
export interface OutgoingMessage {
  id: number
  body: string
  queued: boolean
}

const isOutgoing = (orderId: string) => (m: Mutation<unknown, Error, unknown, unknown>) => {
  const vars = m.state.variables as SendMessageVars | undefined
  return vars?.orderId === orderId && m.state.status === 'pending'
}

/** The thread's sends still under way, oldest first (from every screen, and restored ones). */
export function useOutgoingMessages(orderId: string): OutgoingMessage[] {
  return useMutationState({
    filters: { mutationKey: SEND_MESSAGE_KEY, predicate: isOutgoing(orderId) },
    select: (m) => ({
      id: m.mutationId,
      body: (m.state.variables as SendMessageVars).body,
      queued: m.state.isPaused,
    }),
  })
}
