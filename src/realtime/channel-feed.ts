import type { QueryClient } from '@tanstack/react-query'
import type { Channel } from 'pusher-js'
import { applyEvent, applyResubscribe, matchChannel, type AnyRule } from './bridge'

/** A member of a presence channel: the id and what the auth endpoint put in user_info. */
export interface PresenceMember {
  id: string
  info: Record<string, unknown>
}

interface PresenceMembersLike {
  each(callback: (member: { id: unknown; info?: Record<string, unknown> }) => void): void
}

export interface ChannelFeed {
  queryClient: QueryClient
  rules: readonly AnyRule[]
  /** Channels whose subscription has succeeded before: a later success follows a drop. */
  subscribedOnce: Set<string>
  /** A presence channel's members, when first known and after every change. */
  onMembers: (channel: string, members: PresenceMember[]) => void
  /**
   * A public or private channel's socket count (`pusher:subscription_count`); null when the
   * subscription (re)starts, as a count from before a drop is no longer known to be current.
   */
  onCount: (channel: string, count: number | null) => void
}

/**
 * Feeds what a subscribed channel hears into the query cache through the bridge's rules: its
 * events, a refetch after a re-subscription (events may have been missed while away), and a
 * presence channel's members, and another channel's socket count.
 */
export function feedChannel(channel: Channel, name: string, feed: ChannelFeed): void {
  const { queryClient, rules, subscribedOnce } = feed
  channel.unbind_all()
  channel.bind('pusher:subscription_succeeded', () => {
    // The first success is the initial subscribe; any later one follows a drop: events may
    // have been missed while away, so refetch what this channel's rules show.
    if (subscribedOnce.has(name)) applyResubscribe(queryClient, rules, name)
    subscribedOnce.add(name)
  })
  if (!name.startsWith('presence-')) {
    channel.bind('pusher:subscription_succeeded', () => feed.onCount(name, null))
    channel.bind('pusher:subscription_count', (data: { subscription_count?: unknown }) => {
      const count = data?.subscription_count
      if (typeof count === 'number' && Number.isInteger(count) && count >= 0) {
        feed.onCount(name, count)
      }
    })
  }
  if (name.startsWith('presence-')) {
    const emit = () => {
      const list: PresenceMember[] = []
      const members = (channel as Channel & { members?: PresenceMembersLike }).members
      members?.each((m) => list.push({ id: String(m.id), info: m.info ?? {} }))
      feed.onMembers(name, list)
    }
    channel.bind('pusher:subscription_succeeded', emit)
    channel.bind('pusher:member_added', emit)
    channel.bind('pusher:member_removed', emit)
  }
  channel.bind_global((event: string, data: unknown) => {
    if (event.startsWith('pusher:') || event.startsWith('pusher_internal:')) return
    for (const rule of rules) {
      if (rule.event !== event) continue
      const params = matchChannel(rule, name)
      if (params) applyEvent(queryClient, rule, params, data)
    }
  })
}
