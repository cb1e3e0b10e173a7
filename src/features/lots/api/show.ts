import { useQuery } from '@tanstack/react-query'
import type { ShowDetail } from '../../../../common/shows'
import { api } from '../../../api/client'

/** What a lot's page says of its show (issue 34): its title, start and state. */
export type LotShow = Pick<ShowDetail, 'id' | 'title' | 'startsAt' | 'state'>

/**
 * The show a lot runs in, for the line that links the lot's page to it. Its own key, not the show
 * room's: the room keeps the whole show live, this line only needs its name and start.
 */
export function useLotShow(showId: string | null) {
  return useQuery({
    queryKey: ['lots', 'show', showId ?? ''] as const,
    enabled: showId !== null,
    queryFn: async ({ signal }): Promise<LotShow> => {
      const show = await api.get(`shows/${encodeURIComponent(showId ?? '')}`, { signal })
      const { id, title, startsAt, state } = await show.json<ShowDetail>()
      return { id, title, startsAt, state }
    },
  })
}
