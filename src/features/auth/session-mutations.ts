import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { normalizeEmail, type PublicUser } from '../../../common/accounts'
import { api } from '../../api/client'
import { getLanguage } from '../../i18n'
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
          // Sign-up also says the app's language: the member's mails are written in it.
          json: {
            ...input,
            email: normalizeEmail(input.email),
            ...(path === 'auth/register' ? { lang: getLanguage() } : {}),
          },
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

/**
 * The push service may take a moment to forget this browser; sign-out waits for it at most this
 * long, so a browser that never answers cannot keep anyone signed in.
 */
const PUSH_UNSUBSCRIBE_WAIT_MS = 3_000

export function useSignOut() {
  const client = useQueryClient()
  return useMutation({
    mutationKey: ['auth', 'logout'],
    networkMode: 'always',
    mutationFn: async () => {
      // The push code is loaded only now (a chunk of its own). Naming this browser's endpoint
      // lets the server drop its device before the session ends, whichever session subscribed
      // it (decision 0032).
      const push = 'serviceWorker' in navigator ? await import('../push').catch(() => null) : null
      const pushEndpoint = (await push?.browserEndpoint()) ?? null
      try {
        await api.post('auth/logout', pushEndpoint ? { json: { pushEndpoint } } : {})
      } catch (error) {
        // Already signed out on the server: still wipe locally.
        if (!(isApiError(error) && error.status === 401)) throw error
      }
      // The push service must forget it too, and before anyone else signs in here: an
      // unsubscribe landing after the next member registered this endpoint would end their alerts.
      if (push) await Promise.race([push.unsubscribeBrowser(), delay(PUSH_UNSUBSCRIBE_WAIT_MS)])
    },
    onSuccess: async () => {
      await wipeUserData(client)
      client.setQueryData(meKey, null)
      announceSessionChange('signed-out')
    },
  })
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
