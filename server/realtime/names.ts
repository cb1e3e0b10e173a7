/**
 * Channel names and channel kinds. Pusher allows `[A-Za-z0-9_\-=@,.;]`, at most 200 characters
 * (the `pusher` SDK enforces the same rule client-side). The only `#` channel is the per-user
 * channel `#server-to-user-{id}` used by `pusher:signin` / `sendToUser`.
 */

export const MAX_CHANNEL_NAME_LENGTH = 200
export const MAX_EVENT_NAME_LENGTH = 200
export const USER_CHANNEL_PREFIX = '#server-to-user-'

const CHANNEL_NAME = /^[A-Za-z0-9_\-=@,.;]+$/

export type ChannelKind = 'public' | 'private' | 'encrypted' | 'presence' | 'user'

export function isValidChannelName(name: unknown): name is string {
  if (typeof name !== 'string' || name.length === 0 || name.length > MAX_CHANNEL_NAME_LENGTH) {
    return false
  }
  if (name.startsWith(USER_CHANNEL_PREFIX)) {
    // User ids are opaque strings to Pusher; only forbid control characters.
    const id = name.slice(USER_CHANNEL_PREFIX.length)
    return id.length > 0 && ![...id].some((ch) => ch.charCodeAt(0) < 0x20 || ch === '\u007f')
  }
  return CHANNEL_NAME.test(name)
}

export function channelKind(name: string): ChannelKind {
  if (name.startsWith(USER_CHANNEL_PREFIX)) return 'user'
  if (name.startsWith('private-encrypted-')) return 'encrypted'
  if (name.startsWith('private-')) return 'private'
  if (name.startsWith('presence-')) return 'presence'
  return 'public'
}

/** Channels whose subscription needs a signature (and which accept client events). */
export function requiresAuth(kind: ChannelKind): boolean {
  return kind === 'private' || kind === 'encrypted' || kind === 'presence'
}

export function userIdFromChannel(name: string): string | undefined {
  return name.startsWith(USER_CHANNEL_PREFIX) ? name.slice(USER_CHANNEL_PREFIX.length) : undefined
}
