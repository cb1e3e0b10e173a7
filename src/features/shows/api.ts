import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query'
import type { LotSummary } from '../../../common/auction'
import type {
  HostAction,
  ShowChange,
  ShowChatMessage,
  ShowDetail,
  ShowListKind,
  ShowMode,
} from '../../../common/shows'
import { isUuid } from '../../../common/wire'
import { api } from '../../api/client'
import { isApiError } from '../../api/errors'
import { showKeys, withMessage, withoutMessage, type ChatPage, type ShowPage } from './keys'

export { showKeys, withMessage, withoutMessage, type ChatPage, type ShowPage }

export interface LotPage {
  items: LotSummary[]
  nextCursor: string | null
}

/**
 * `GET /api/shows/showable-lots`: the signed-in seller's lots that may join a show (scheduled, in
 * no other show; with `showId`, that show's queued lots too), searched by title, page by page.
 */
export function useShowableLots(q: string, showId: string | null, enabled = true) {
  return useInfiniteQuery({
    queryKey: showKeys.showable(q, showId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const searchParams = new URLSearchParams()
      if (q) searchParams.set('q', q)
      if (showId) searchParams.set('show', showId)
      if (pageParam) searchParams.set('cursor', pageParam)
      return api.get('shows/showable-lots', { searchParams, signal }).json<LotPage>()
    },
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  })
}

const showPath = (id: string) => `shows/${encodeURIComponent(id)}`

/** The shows screen's list, page after page by cursor. */
export function useShowPages(kind: ShowListKind) {
  return useInfiniteQuery({
    queryKey: showKeys.pages(kind),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const searchParams = new URLSearchParams({ kind })
      if (pageParam) searchParams.set('cursor', pageParam)
      return api.get('shows', { searchParams, signal }).json<ShowPage>()
    },
    getNextPageParam: (last) => last.nextCursor,
  })
}

/** The show whole; `fresh` asks the server again on mount, whatever the cache holds. */
export function useShow(id: string, { fresh = false }: { fresh?: boolean } = {}) {
  return useQuery({
    queryKey: showKeys.detail(id),
    queryFn: ({ signal }) => api.get(showPath(id), { signal }).json<ShowDetail>(),
    enabled: isUuid(id),
    ...(fresh ? { refetchOnMount: 'always' as const } : {}),
  })
}

/** The latest chat page; live messages are appended by the bridge (rules.ts). */
export function useShowChat(id: string) {
  return useQuery({
    queryKey: showKeys.chat(id),
    queryFn: ({ signal }) => api.get(`${showPath(id)}/chat`, { signal }).json<ChatPage>(),
    enabled: isUuid(id),
  })
}

/**
 * `GET /api/shows/:id/chat?before=`: the page before the oldest shown, added at the top. A refetch
 * (a drop and a reconnect) goes back to the latest page.
 */
export function useEarlierChat(id: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (before: string) =>
      api.get(`${showPath(id)}/chat`, { searchParams: { before } }).json<ChatPage>(),
    onSuccess: (older) =>
      client.setQueryData<ChatPage>(showKeys.chat(id), (page) =>
        page
          ? {
              items: older.items.reduce(withMessage, page).items,
              nextCursor: older.nextCursor,
            }
          : page,
      ),
  })
}

/** A show answer replaces the cached one when newer, keeping the viewer's own `my`. */
export function applyShow(client: QueryClient, show: ShowDetail): void {
  client.setQueryData<ShowDetail>(showKeys.detail(show.id), (cached) => {
    if (!cached) return show
    if (cached.version > show.version) return cached
    return { ...show, my: show.my ?? cached.my }
  })
}

/** `POST /api/shows/:id/{action}`: one host move; `next` and `skip` name the lot they mean. */
export function useHostMove(id: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ action, lotId }: { action: HostAction; lotId?: string }) =>
      api.post(`${showPath(id)}/${action}`, lotId ? { json: { lotId } } : {}).json<ShowDetail>(),
    onSuccess: (show) => applyShow(client, show),
    // A refusal means this screen's show is behind the server's: fetch what it is now.
    onError: () => client.invalidateQueries({ queryKey: showKeys.detail(id) }),
  })
}

export function usePostChat(id: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: string) =>
      api.post(`${showPath(id)}/chat`, { json: { body } }).json<ShowChatMessage>(),
    // Muted since the show was loaded: the show's `my.muted` then replaces the composer.
    onError: (error) => {
      if (isApiError(error) && error.code === 'chat_muted')
        void client.invalidateQueries({ queryKey: showKeys.detail(id) })
    },
    onSuccess: (message) =>
      client.setQueryData<ChatPage>(showKeys.chat(id), (page) =>
        page ? withMessage(page, message) : page,
      ),
  })
}

/** Host: remove a message (`remove`) or mute its author (`mute`). */
export function useModerate(id: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async ({ messageId, action }: { messageId: string; action: 'remove' | 'mute' }) => {
      if (action === 'remove')
        await api.delete(`${showPath(id)}/chat/${encodeURIComponent(messageId)}`)
      else await api.post(`${showPath(id)}/mutes`, { json: { messageId } })
    },
    onSuccess: (_none, { messageId, action }) => {
      if (action === 'remove')
        client.setQueryData<ChatPage>(showKeys.chat(id), (page) =>
          page ? withoutMessage(page, messageId) : page,
        )
    },
  })
}

export interface ShowLotInput {
  lotId: string
  timerSeconds: number
  mode: ShowMode
}
export interface CreateShowInput {
  title: string
  description?: string
  startsAt: string
  autoAdvanceSeconds: number | null
  lots: ShowLotInput[]
}

/** What the edit form sends: the show's changed fields, and its queue when it changed. */
export interface ShowEdits {
  change: ShowChange | null
  lots: ShowLotInput[] | null
}

/**
 * `PATCH /api/shows/:id` then `PUT /api/shows/:id/lots`, each only when it has something to say.
 * Each answer is the show, kept in the cache; a refusal (409: started, ended, a lot that cannot
 * join) refetches the show so the screen shows what it is now.
 */
export function useEditShow(id: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async ({ change, lots }: ShowEdits): Promise<ShowDetail | null> => {
      let show: ShowDetail | null = null
      if (change) {
        show = await api.patch(showPath(id), { json: change }).json<ShowDetail>()
        applyShow(client, show)
      }
      if (lots) {
        show = await api.put(`${showPath(id)}/lots`, { json: { lots } }).json<ShowDetail>()
        applyShow(client, show)
      }
      return show
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: showKeys.lists() })
      void client.invalidateQueries({ queryKey: showKeys.showableAll() })
    },
    onError: () => client.invalidateQueries({ queryKey: showKeys.detail(id) }),
  })
}

export function useCreateShow() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (input: CreateShowInput) => api.post('shows', { json: input }).json<ShowDetail>(),
    onSuccess: (show) => {
      applyShow(client, show)
      void client.invalidateQueries({ queryKey: showKeys.lists() })
      void client.invalidateQueries({ queryKey: showKeys.showableAll() })
    },
  })
}
