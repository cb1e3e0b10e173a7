import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { normalizeEmail, type PublicUser } from '../../../common/accounts'
import { api } from '../../api/client'
import { isApiError } from '../../api/errors'
import { wipeUserData } from '../../offline/wipe'
import { meKey, resetForUser } from './api'
import { announceSessionChange } from './session-announce'

// Signing in, up and out: used by their screens only, so not in the entry with useMe (api.ts).

export interface SignInInput {
  email: string
  password: string
}
export interface SignUpInput extends SignInInput {
  name: string
}

/**
 * An AbortSignal for mutations started by a screen: leaving the screen aborts the request
 * (there is no HTTP timeout, so a hung request must be abandonable by navigating away).
 */
function useAbortOnUnmount(): () => AbortSignal {
  const controller = useRef<AbortController | null>(null)
  useEffect(
    () => () => {
      controller.current?.abort()
    },
    [],
  )
  return () => {
    controller.current?.abort()
    controller.current = new AbortController()
    return controller.current.signal
  }
}

function useAuthMutation<TInput extends SignInInput>(
  path: 'auth/login' | 'auth/register',
  key: string,
) {
  const client = useQueryClient()
  const nextSignal = useAbortOnUnmount()
  return useMutation({
    mutationKey: ['auth', key],
    // Never paused or queued (and so never persisted with a password): fail fast when offline.
    networkMode: 'always',
    // The address in the one spelling the server stores and limits by (common/accounts.ts).
    mutationFn: (input: TInput) =>
      api
        .post(path, {
          json: { ...input, email: normalizeEmail(input.email) },
          signal: nextSignal(),
        })
        .json<{ user: PublicUser }>(),
    onSuccess: async ({ user }) => {
      // A /api/me request started before signing in would otherwise land later and say "null".
      await client.cancelQueries({ queryKey: meKey })
      resetForUser(client, user)
      client.setQueryData(meKey, user)
      announceSessionChange('signed-in')
    },
  })
}

export function useSignIn() {
  return useAuthMutation<SignInInput>('auth/login', 'login')
}

export function useSignUp() {
  return useAuthMutation<SignUpInput>('auth/register', 'register')
}

export function useSignOut() {
  const client = useQueryClient()
  return useMutation({
    mutationKey: ['auth', 'logout'],
    networkMode: 'always',
    mutationFn: async () => {
      try {
        await api.post('auth/logout')
      } catch (error) {
        // Already signed out on the server: still wipe locally.
        if (!(isApiError(error) && error.status === 401)) throw error
      }
    },
    onSuccess: async () => {
      await wipeUserData(client)
      client.setQueryData(meKey, null)
      announceSessionChange('signed-out')
      // The server forgot this browser's alerts with the session; the push service must too, or
      // it keeps a subscription nobody can reach. A chunk of its own: only now is it needed.
      if ('serviceWorker' in navigator)
        void import('../push').then((push) => push.unsubscribeBrowser()).catch(() => undefined)
    },
  })
}
