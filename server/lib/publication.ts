import type { AppNotification, LotSummary } from '../../common/auction.ts'
import type { Wallet } from '../../common/wallet.ts'
import {
  EVENTS,
  lotChannel,
  LOTS_CHANNEL,
  walletChannel,
  type EventName,
  type EventPayloads,
  type OrderMessageEvent,
  type OrderUpdatedEvent,
} from '../../common/wire.ts'
import type { BroadcastEvent, Broadcaster } from './broadcaster.ts'

/** Events published on a channel (a notification goes to a user instead: `notify`). */
type ChannelEventName = Exclude<EventName, 'notification'>

/** One channel event, its payload typed by the wire contract (common/wire.ts). */
export interface ChannelEvent<E extends ChannelEventName> extends BroadcastEvent {
  name: E
  data: EventPayloads[E]
}

/**
 * What a change announces, collected in memory while its transaction runs and sent only after it
 * has committed (`send`), so no client ever sees a state that was rolled back: channel events, in
 * order (leaving out the sender's socket where the sender already has the result from its
 * response), and notifications delivered to users through user sign-in. Nothing is persisted: a
 * crash between commit and `send` loses the events, and clients recover by refetching on the next
 * version gap.
 */
export class Publication {
  private readonly events: BroadcastEvent[] = []
  private readonly notifications: Array<{ userId: string; notification: AppNotification }> = []

  add<E extends ChannelEventName>(event: ChannelEvent<E>) {
    this.events.push(event)
    return this
  }

  lotUpdated(lot: LotSummary, room = true) {
    this.add({ channel: LOTS_CHANNEL, name: EVENTS.lotUpdated, data: lot })
    if (room) this.add({ channel: lotChannel(lot.id), name: EVENTS.lotUpdated, data: lot })
    return this
  }

  walletUpdated(userId: string, wallet: Wallet) {
    // Always to the sender too: the bid or top-up response does not update the wallet screens.
    this.add({
      channel: walletChannel(userId),
      name: EVENTS.walletUpdated,
      data: wallet,
      toSender: true,
    })
    return this
  }

  /** To the order's buyer and seller, the sender too: each refetches its own view of it. */
  orderUpdated(userIds: readonly string[], order: OrderUpdatedEvent) {
    for (const userId of userIds) {
      this.add({
        channel: walletChannel(userId),
        name: EVENTS.orderUpdated,
        data: order,
        toSender: true,
      })
    }
    return this
  }

  /** To the thread's other participants only: the author has the message from its response. */
  orderMessage(userIds: readonly string[], event: OrderMessageEvent) {
    for (const userId of userIds) {
      this.add({ channel: walletChannel(userId), name: EVENTS.orderMessage, data: event })
    }
    return this
  }

  notify(userId: string, notification: AppNotification) {
    this.notifications.push({ userId, notification })
    return this
  }

  /** After commit only. Failures are logged by the broadcaster and never undo the change. */
  async send(broadcaster: Broadcaster, socketId?: string) {
    // Their push deliveries are in the outbox since the commit: wake the push worker first, so
    // pushes never wait for the real-time publish.
    if (this.notifications.length) broadcaster.notified()
    const events = this.events.splice(0)
    if (events.length) await broadcaster.publish(events, socketId)
    const pending = this.notifications.splice(0)
    await Promise.all(
      pending.map((n) => broadcaster.sendToUser(n.userId, EVENTS.notification, n.notification)),
    )
  }
}
