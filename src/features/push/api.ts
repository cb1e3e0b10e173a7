import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { RuntimeConfig } from '../../../common/config'
import { PUSH_PATHS, type PushDevice, type PushPreferences } from '../../../common/push'
import { api } from '../../api/client'
import { isApiError } from '../../api/errors'
import { useRuntimeConfig } from '../../api/config'
import type { Language } from '../../i18n'
import {
  refreshBrowserSubscription,
  setTurnedOffHere,
  subscribeBrowser,
  unsubscribeBrowser,
} from './browser'

/** The member's alerts (decision 0032): devices, preferences, and this browser's subscription. */
export const pushKeys = {
  all: ['push'] as const,
  devices: ['push', 'devices'] as const,
  preferences: ['push', 'preferences'] as const,
}

/** `GET api/config`'s push part: the server's public key, or null when push is off there. */
type PushConfig = { publicKey: string } | null
export function pushConfigOf(config: RuntimeConfig | undefined): PushConfig | undefined {
  if (!config) return undefined
  const push = (config as RuntimeConfig & { push?: PushConfig }).push
  return push?.publicKey ? push : null
}

export function usePushConfig(): {
  config: PushConfig | undefined
  query: ReturnType<typeof useRuntimeConfig>
} {
  const query = useRuntimeConfig()
  return { config: pushConfigOf(query.data), query }
}

export const devicesQuery = queryOptions({
  queryKey: pushKeys.devices,
  queryFn: ({ signal }) =>
    api.get(PUSH_PATHS.subscriptions, { signal }).json<{ items: PushDevice[] }>(),
})

export const preferencesQuery = queryOptions({
  queryKey: pushKeys.preferences,
  queryFn: ({ signal }) => api.get(PUSH_PATHS.preferences, { signal }).json<PushPreferences>(),
})

export function usePushDevices(enabled: boolean) {
  return useQuery({ ...devicesQuery, enabled })
}

export function usePushPreferences(enabled: boolean) {
  return useQuery({ ...preferencesQuery, enabled })
}

/** Sends this browser's subscription; the server upserts it for this session and language. */
export function registerSubscription(
  subscription: PushSubscription,
  lang: Language,
): Promise<PushDevice> {
  return api
    .post(PUSH_PATHS.subscriptions, { json: { ...subscription.toJSON(), lang } })
    .json<PushDevice>()
}

/**
 * Registers this browser's subscription for the signed-in member. The server refuses (409) an
 * endpoint another member holds — someone signed in here before and their subscription was never
 * dropped — and never moves it (docs/security.md). So this browser drops that subscription, which
 * ends the other member's alerts here, and subscribes again: a fresh endpoint, registered once.
 * A second refusal is an error like any other (no loop). Returns the subscription registered.
 */
export async function registerThisBrowser(
  subscription: PushSubscription,
  publicKey: string,
  lang: Language,
): Promise<PushSubscription> {
  try {
    await registerSubscription(subscription, lang)
    return subscription
  } catch (error) {
    if (!(isApiError(error) && error.code === 'push_endpoint_taken')) throw error
  }
  await subscription.unsubscribe()
  const fresh = await subscribeBrowser(publicKey)
  await registerSubscription(fresh, lang)
  return fresh
}

export type TurnOnResult = 'on' | 'denied' | 'dismissed'

/**
 * "Turn on alerts on this device". The click handler asks the browser itself (`asking`): Safari
 * only shows the question inside the click's own task, before any await.
 */
export function useTurnOnAlerts() {
  const client = useQueryClient()
  return useMutation({
    mutationKey: ['push', 'turn-on'],
    networkMode: 'always',
    mutationFn: async ({
      asking,
      publicKey,
      lang,
    }: {
      asking: Promise<NotificationPermission>
      publicKey: string
      lang: Language
    }): Promise<TurnOnResult> => {
      const permission = await asking
      if (permission === 'denied') return 'denied'
      if (permission !== 'granted') return 'dismissed'
      try {
        await registerThisBrowser(await subscribeBrowser(publicKey), publicKey, lang)
      } catch (error) {
        // The server does not have it: a subscription it cannot reach must not linger here.
        await unsubscribeBrowser()
        throw error
      }
      setTurnedOffHere(false)
      return 'on'
    },
    onSettled: async () => {
      await refreshBrowserSubscription()
      await client.invalidateQueries({ queryKey: pushKeys.devices })
    },
  })
}

export function useRemoveDevice() {
  const client = useQueryClient()
  return useMutation({
    mutationKey: ['push', 'remove'],
    networkMode: 'always',
    mutationFn: async (device: PushDevice) => {
      await api.delete(`${PUSH_PATHS.subscriptions}/${encodeURIComponent(device.id)}`)
      // This browser's own: stop the push service too, and stay off at the next start.
      if (device.current) {
        setTurnedOffHere(true)
        await unsubscribeBrowser()
      }
    },
    onSuccess: (_, device) =>
      client.setQueryData(devicesQuery.queryKey, (list) =>
        list ? { items: list.items.filter((d) => d.id !== device.id) } : list,
      ),
    onSettled: () => client.invalidateQueries({ queryKey: pushKeys.devices }),
  })
}

/** One switch changed: all four are sent (PUT), shown at once, put back if refused. */
export function useSavePreferences() {
  const client = useQueryClient()
  return useMutation({
    mutationKey: ['push', 'preferences'],
    networkMode: 'always',
    mutationFn: (next: PushPreferences) =>
      api.put(PUSH_PATHS.preferences, { json: next }).json<PushPreferences>(),
    onMutate: async (next) => {
      await client.cancelQueries({ queryKey: pushKeys.preferences })
      const before = client.getQueryData(preferencesQuery.queryKey)
      client.setQueryData(preferencesQuery.queryKey, next)
      return { before }
    },
    onError: (_error, _next, context) => {
      if (context?.before) client.setQueryData(preferencesQuery.queryKey, context.before)
    },
    onSuccess: (saved) => client.setQueryData(preferencesQuery.queryKey, saved),
  })
}
