import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { PublicUser } from '../../../common/accounts'
import { meKey, resetForUser } from './api'
import { onSessionChange } from './session-channel'

/** Signed out in another window: this one is too (same cookie). Its private data goes now. */
function signedOutElsewhere(client: QueryClient): void {
  void client.cancelQueries()
  resetForUser(client, null)
  client.setQueryData(meKey, null)
}

/** Follows sign-in and sign-out in the browser's other windows (mounted once, by the app). */
export function useSessionSync(): void {
  const client = useQueryClient()
  useEffect(
    () =>
      onSessionChange((change) => {
        if (change === 'signed-out') signedOutElsewhere(client)
        else void client.invalidateQueries({ queryKey: meKey, exact: true })
      }),
    [client],
  )
}

/**
 * The real-time service ended this window's connection on its own — what it does to every
 * connection of a user who signed out somewhere. Asks the API who is signed in now (if no one,
 * the private data goes: see resetForUser) and answers with that user's id (null: a guest).
 */
export async function recheckSession(client: QueryClient): Promise<string | null> {
  await client.refetchQueries({ queryKey: meKey, exact: true })
  return client.getQueryData<PublicUser | null>(meKey)?.id ?? null
}
