import { queryOptions, useQuery } from '@tanstack/react-query'
import { DEFAULT_CURRENCY, type RuntimeConfig } from '../../common/config'
import { getJson } from './client'

/** GET /api/config: real-time host/key, Stripe publishable key, currency, server time. */
export const configQuery = queryOptions({
  queryKey: ['config'] as const,
  queryFn: ({ signal }) => getJson<RuntimeConfig>('config', { signal }),
  staleTime: 5 * 60_000,
})

export function useRuntimeConfig() {
  return useQuery(configQuery)
}

/** The currency amounts are shown in: the server's, or the default until the config is known. */
export function currencyOf(config: RuntimeConfig | undefined): string {
  return config?.currency ?? DEFAULT_CURRENCY
}

export function useCurrency(): string {
  return currencyOf(useRuntimeConfig().data)
}
