import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ProfileInput, PublicUser } from '../../../common/accounts'
import { api } from '../../api/client'
import { wipeUserData } from '../../offline/wipe'
import { meKey } from './api'
import { announceSessionChange } from './session-announce'

/**
 * The member's own account changes (decision 0025). Network only, never queued or persisted:
 * two of them carry a password, and each needs the server's answer (alias taken, refused delete).
 */
export function useUpdateProfile() {
  const client = useQueryClient()
  return useMutation({
    mutationKey: ['account', 'profile'],
    networkMode: 'always',
    mutationFn: (change: ProfileInput) =>
      api.patch('me', { json: change }).json<{ user: PublicUser }>(),
    onSuccess: ({ user }) => client.setQueryData(meKey, user),
  })
}

export function useChangePassword() {
  return useMutation({
    mutationKey: ['account', 'password'],
    networkMode: 'always',
    mutationFn: async (input: { currentPassword: string; newPassword: string }) => {
      await api.post('me/password', { json: input })
    },
  })
}

export function useDeleteAccount() {
  const client = useQueryClient()
  return useMutation({
    mutationKey: ['account', 'delete'],
    networkMode: 'always',
    mutationFn: async (password: string) => {
      await api.delete('me', { json: { password } })
    },
    onSuccess: async () => {
      await wipeUserData(client)
      client.setQueryData(meKey, null)
      announceSessionChange('signed-out')
    },
  })
}
