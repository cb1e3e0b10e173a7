/** `GET /channels`, `/channels/:name` and `/channels/:name/users`: what is subscribed, and by whom. */
import type { AppState } from './app-state.ts'
import { infoFor, parseInfo } from './http-channel-info.ts'
import { HttpError } from './http-error.ts'
import type { Json } from './json.ts'
import { channelKind, isValidChannelName } from './names.ts'

export function channelInfo(state: AppState, name: string, query: URLSearchParams): Json {
  if (!isValidChannelName(name)) throw new HttpError(400, 'Invalid channel name')
  const attrs = parseInfo(query.get('info') ?? undefined)
  return { occupied: state.subscriptionCount(name) > 0, ...infoFor(state, name, attrs, true) }
}

export function listChannels(state: AppState, query: URLSearchParams): Json {
  const prefix = query.get('filter_by_prefix') ?? ''
  const attrs = parseInfo(query.get('info') ?? undefined)
  if (attrs.includes('user_count') && !prefix.startsWith('presence-')) {
    throw new HttpError(400, 'user_count requires filter_by_prefix=presence-')
  }
  const channels: Json = {}
  for (const name of state.occupiedChannels()) {
    if (!name.startsWith(prefix) || state.subscriptionCount(name) === 0) continue
    channels[name] = infoFor(state, name, attrs, true)
  }
  return { channels }
}

/** The members of a presence channel (only presence channels have any). */
export function channelUsers(state: AppState, name: string): Json {
  if (channelKind(name) !== 'presence') {
    throw new HttpError(400, 'Users can only be listed for presence channels')
  }
  return { users: state.memberIds(name).map((id) => ({ id })) }
}
