import type { AppNotification, LotSummary } from '../../common/auction.ts'
import type { Wallet } from '../../common/wallet.ts'
import { Outbox, type Broadcaster } from './broadcaster.ts'

export const LOTS_CHANNEL = 'lots'
export const lotChannel = (lotId: string) => `lot.${lotId}`
export const walletChannel = (userId: string) => `private-wallet.${userId}`

/**
 * What a committed change announces: channel events (published in order through the Outbox,
 * leaving out the sender's socket where the sender already has the result from its response) and
 * notifications delivered to users through user sign-in.
 */
export class Publication {
  readonly outbox = new Outbox()
  readonly notifications: Array<{ userId: string; notification: AppNotification }> = []

  lotUpdated(lot: LotSummary, room = true) {
    this.outbox.add({ channel: LOTS_CHANNEL, name: 'lot.updated', data: lot })
    if (room) this.outbox.add({ channel: lotChannel(lot.id), name: 'lot.updated', data: lot })
    return this
  }

  walletUpdated(userId: string, wallet: Wallet) {
    // Always to the sender too: the bid or top-up response does not update the wallet screens.
    this.outbox.add({
      channel: walletChannel(userId),
      name: 'wallet.updated',
      data: wallet,
      toSender: true,
    })
    return this
  }

  notify(userId: string, notification: AppNotification) {
    this.notifications.push({ userId, notification })
    return this
  }

  /** After commit only. Failures are logged by the broadcaster and never undo the change. */
  async send(broadcaster: Broadcaster, socketId?: string) {
    await this.outbox.flush(broadcaster, socketId)
    const pending = this.notifications.splice(0)
    await Promise.all(
      pending.map((n) => broadcaster.sendToUser(n.userId, 'notification', n.notification)),
    )
  }
}
