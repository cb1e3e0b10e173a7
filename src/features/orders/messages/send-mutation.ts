import type { QueryClient } from '@tanstack/react-query'
import type { OrderMessage } from '../../../../common/orders/messages'
import { api } from '../../../api/client'
import { registerMutationDefaults } from '../../../offline/mutations'
import { queueHeaders } from '../../../offline/queue-headers'
import type { Queued } from '../../../offline/queued'
import { threadPath } from './api'
import { addMessage } from './cache'
import { orderMessageKeys, type ThreadPages } from './keys'

/**
 * The queueable send's definition, apart from the hook: registered by the hook's module when the
 * thread loads, and by src/app/offline-mutations.ts before a queued send is brought back from disk
 * (decision 0044). Its idempotency key makes a send replayed twice post once.
 */
export const SEND_MESSAGE_KEY = ['orders', 'messages', 'send'] as const

export interface SendMessageVars {
  orderId: string
  body: string
}

/**
 * A sent message lands in its thread (the thread on screen shows it at once), and the thread is
 * read again: a refetch that left before the send was stored (back online, both start together)
 * would otherwise answer after it and take the message off the screen.
 */
export function landMessage(client: QueryClient, message: OrderMessage): void {
  const queryKey = orderMessageKeys.thread(message.orderId)
  client.setQueryData<ThreadPages>(queryKey, (cached) =>
    cached ? addMessage(cached, message) : cached,
  )
  void client.invalidateQueries({ queryKey })
}

export function registerOrderMessageMutations(): void {
  registerMutationDefaults(SEND_MESSAGE_KEY, {
    mutationFn: (vars: SendMessageVars & Queued) =>
      api
        .post(threadPath(vars.orderId), { json: { body: vars.body }, headers: queueHeaders(vars) })
        .json<OrderMessage>(),
  })
}
