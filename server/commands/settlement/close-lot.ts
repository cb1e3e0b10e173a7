import { orderDeliveryOf, shippingCharged } from '../../../common/orders/delivery.ts'
import { NO_FEES, saleAmounts, type FeeRates } from '../../../common/orders/fees.ts'
import { firstOrderState } from '../../../common/orders/states.ts'
import type { Database, Queryable } from '../../db/types.ts'
import type { LockedLot } from '../../domain/lot.ts'
import type { Publication } from '../../lib/publication.ts'
import { biddersOn, saleEntryOf } from '../../repositories/ending.ts'
import { activeHoldsOnLot, captureHold, releaseHoldsOnLot } from '../../repositories/holds.ts'
import { findLot, lockLot, markLotClosed, toSummary } from '../../repositories/lots.ts'
import { insertNotification } from '../../repositories/notifications.ts'
import { appendOrderEvent, findOrder, insertOrder } from '../../repositories/orders.ts'
import { bumpWalletVersions, lockWallets, walletsOf } from '../../repositories/wallets.ts'
import { chargeSale } from '../orders/order-money.ts'
import { sendAlertMail, type AlertMailer } from '../../mail/alerts/mailer.ts'
import { soldMail, wonMail } from '../../mail/templates/alerts.ts'
import { runCommand, type Audience } from '../run-command.ts'
import { decideClose, type CloseOutcome } from './decide-close.ts'

export type { CloseOutcome } from './decide-close.ts'

/**
 * Closes one lot whose end has passed, in one transaction with the lot locked (lot → wallets).
 * A sale captures the winner's hold at what they pay and makes the lot's order, exactly once
 * (`sell`); any other hold on the lot is released.
 */
export async function closeLot(
  deps: {
    db: Database
    currency: string
    fees?: FeeRates | undefined
    /** Won (with the receipt) and sold by e-mail, in this transaction; none when not given. */
    alerts?: AlertMailer | undefined
  },
  lotId: string,
  now: Date = new Date(),
  publishTo?: Audience,
): Promise<CloseOutcome> {
  const { body } = await runCommand(deps.db, { publishTo }, (tx, events) =>
    closeLotIn(tx, events, deps, lotId, now),
  )
  return body
}

/**
 * The close itself, inside the caller's transaction (the seller's "end now" closes in the
 * transaction that moved the end: server/commands/lots/end-lot.ts).
 */
export async function closeLotIn(
  tx: Queryable,
  events: Publication,
  deps: { currency: string; fees?: FeeRates | undefined; alerts?: AlertMailer | undefined },
  lotId: string,
  now: Date,
): Promise<CloseOutcome> {
  const lot = await lockLot(tx, lotId)
  const decision = decideClose(lot, now, await biddersOn(tx, lotId))
  if (decision.outcome === 'skipped' || !lot) return 'skipped' as const
  const holders = (await activeHoldsOnLot(tx, lotId)).map((h) => h.user_id)
  const { sale } = decision
  const touched = [...new Set([...holders, ...(sale ? [sale.winner, sale.seller] : [])])]
  await lockWallets(tx, touched)
  const sold = sale ? await sell(tx, events, { lot, sale, fees: deps.fees ?? NO_FEES, now }) : null
  // Anything else still held on this lot (none in normal operation) goes back.
  await releaseHoldsOnLot(tx, lotId)
  // Ledger entries bump versions by trigger; hold changes are bumped here.
  await bumpWalletVersions(tx, holders)
  await markLotClosed(tx, lotId, decision.outcome, now)
  const data = { title: lot.title, price: lot.currentPrice, outcome: decision.outcome }
  for (const note of decision.notify) {
    const n = await insertNotification(tx, { ...note, lotId, data })
    events.notify(n.userId, n.notification)
  }
  if (sale && sold) {
    const mailed = { orderId: sold.orderId, title: lot.title, amounts: sold.amounts }
    const { alerts } = deps
    const receipt = await saleEntryOf(tx, sale.winner, lotId)
    await sendAlertMail(tx, alerts, {
      userId: sale.winner,
      group: 'result',
      kind: 'won',
      content: (c) => wonMail(c, { ...mailed, receiptEntryId: receipt?.id ?? null }),
    })
    await sendAlertMail(tx, alerts, {
      userId: sale.seller,
      group: 'result',
      kind: 'lot_sold',
      content: (c) => soldMail(c, mailed),
    })
  }
  for (const [userId, wallet] of await walletsOf(tx, touched, deps.currency))
    events.walletUpdated(userId, wallet)
  events.lotUpdated(toSummary((await findLot(tx, lotId))!))
  return decision.outcome
}

/**
 * The sale (decision 0051): the lot's order, in its first state, and the money — the buyer pays the
 * hammer price with the premium and shipping (their hold, captured at that), the seller's proceeds
 * wait as pending, the fees go to the house. The order's unique lot makes a second sale impossible.
 */
async function sell(
  tx: Queryable,
  events: Publication,
  input: {
    lot: LockedLot
    sale: { winner: string; seller: string; price: number }
    fees: FeeRates
    now: Date
  },
) {
  const { lot, sale, fees, now } = input
  const split = saleAmounts(sale.price, shippingCharged(lot.delivery), fees)
  const delivery = orderDeliveryOf(lot.delivery)
  const orderId = await insertOrder(
    tx,
    {
      lotId: lot.id,
      buyerId: sale.winner,
      sellerId: sale.seller,
      state: firstOrderState(delivery),
      delivery,
      hammer: split.hammer,
      premium: split.premium,
      shipping: split.shipping,
      sellerFee: split.sellerFee,
      pickupTown: lot.delivery.pickup?.town ?? null,
    },
    now,
  )
  if (!orderId) throw new Error(`lot ${lot.id} was sold twice`)
  await captureHold(tx, lot.id, sale.winner, split.buyerTotal)
  await chargeSale(tx, (await findOrder(tx, orderId))!, split)
  const state = firstOrderState(delivery)
  await appendOrderEvent(tx, { orderId, state, move: 'created', actorId: null, now })
  events.orderUpdated([sale.winner, sale.seller], { id: orderId, state, version: 1 })
  const { houseTake: _houseTake, ...amounts } = split
  return { orderId, amounts }
}
