import type { QueryClient } from '@tanstack/react-query'
import { bidHistoryQuery, lotListQuery, lotQuery } from './api'
import { readListParams } from './list-params'

/**
 * What the lot list and a lot room show first, fetched before their first render on a first
 * visit (src/app/routes.tsx, decision 0035): the same requests the server already named in the
 * page, so the browser answers them from its preloads, and the screen then renders once, whole.
 */
interface FirstScreen {
  params: Record<string, string>
  search: string
}

export const prefetchList = (client: QueryClient, { search }: FirstScreen) =>
  client.prefetchInfiniteQuery(lotListQuery(readListParams(search)))

export const prefetchLot = (client: QueryClient, { params }: FirstScreen) => {
  const id = params.id ?? ''
  return Promise.all([
    client.prefetchQuery(lotQuery(id)),
    client.prefetchQuery(bidHistoryQuery(client, id)),
  ])
}
