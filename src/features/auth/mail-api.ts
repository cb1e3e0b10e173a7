import { useMutation, useQueryClient } from '@tanstack/react-query'
import { normalizeEmail, type PublicUser } from '../../../common/accounts'
import { api } from '../../api/client'
import { meKey, resetForUser } from './api'
import { announceSessionChange } from './session-announce'

/**
 * What the mailed links do (decision 0054): ask for a reset, set the new password, verify the
 * address, confirm a new one, send the verification link again, ask to change the address.
 * Network only, never queued: each carries a token or a password and needs the server's answer.
 */

export function useRequestPasswordReset() {
  return useMutation({
    mutationKey: ['auth', 'password-reset'],
    networkMode: 'always',
    mutationFn: async (email: string) => {
      await api.post('auth/password-reset', { json: { email: normalizeEmail(email) } })
    },
  })
}

/** Sets the new password; the server signs this browser in, as a sign-in does. */
export function useConfirmPasswordReset() {
  const client = useQueryClient()
  return useMutation({
    mutationKey: ['auth', 'password-reset-confirm'],
    networkMode: 'always',
    mutationFn: (input: { token: string; newPassword: string }) =>
      api.post('auth/password-reset/confirm', { json: input }).json<{ user: PublicUser }>(),
    onSuccess: async ({ user }) => {
      await client.cancelQueries({ queryKey: meKey })
      resetForUser(client, user)
      client.setQueryData(meKey, user)
      announceSessionChange('signed-in')
    },
  })
}

export function useVerifyEmail() {
  const client = useQueryClient()
  return useMutation({
    mutationKey: ['auth', 'verify-email'],
    networkMode: 'always',
    mutationFn: async (token: string) => {
      await api.post('auth/verify-email', { json: { token } })
    },
    // Signed in here or not: whoever is signed in may now be verified.
    onSuccess: () => client.invalidateQueries({ queryKey: meKey }),
  })
}

export function useConfirmEmailChange() {
  const client = useQueryClient()
  return useMutation({
    mutationKey: ['auth', 'confirm-email-change'],
    networkMode: 'always',
    mutationFn: (token: string) =>
      api.post('auth/confirm-email-change', { json: { token } }).json<{ user: PublicUser }>(),
    onSuccess: () => client.invalidateQueries({ queryKey: meKey }),
  })
}

export function useResendVerification() {
  return useMutation({
    mutationKey: ['account', 'verification'],
    networkMode: 'always',
    mutationFn: () => api.post('me/verification').json<{ sent: boolean }>(),
  })
}

export function useChangeEmail() {
  return useMutation({
    mutationKey: ['account', 'email'],
    networkMode: 'always',
    mutationFn: async (input: { newEmail: string; password: string }) => {
      await api.post('me/email', {
        json: { newEmail: normalizeEmail(input.newEmail), password: input.password },
      })
    },
  })
}
