import type { Queryable } from '../../db/types.ts'
import type { SaleAmounts } from '../../../common/orders/fees.ts'
import { AppError } from '../../lib/problem.ts'
import {
  appendOrderEntries,
  houseTakeOfOrder,
  pendingOfOrder,
} from '../../repositories/order-ledger.ts'
import type { OrderRecord } from '../../domain/order.ts'

/**
 * How an order's money moves (decision 0051). Each function writes entries that sum to zero; the
 * caller runs it in the move's transaction, under the order's lock and the members' wallet locks,
 * so it happens once with the move or not at all.
 */
type OrderMoney = Pick<OrderRecord, 'id' | 'lotId' | 'buyerId' | 'sellerId' | 'lotTitle'>

/** Settlement: the buyer pays the total, the seller's proceeds wait as pending, the house takes its fees. */
export async function chargeSale(tx: Queryable, order: OrderMoney, sale: SaleAmounts) {
  const reason = order.lotTitle
  await appendOrderEntries(tx, order, [
    {
      userId: order.buyerId,
      account: 'available',
      kind: 'purchase',
      amount: -sale.buyerTotal,
      reason,
    },
    {
      userId: order.sellerId,
      account: 'pending',
      kind: 'sale',
      amount: sale.sellerProceeds,
      reason,
    },
    { userId: null, account: 'house', kind: 'fee', amount: sale.houseTake, reason },
  ])
}

/** Completion: whatever of the order is still pending becomes the seller's to spend. */
export async function releaseProceeds(tx: Queryable, order: OrderMoney) {
  const pending = await pendingOfOrder(tx, order.id)
  const reason = order.lotTitle
  await appendOrderEntries(tx, order, [
    { userId: order.sellerId, account: 'pending', kind: 'release', amount: -pending, reason },
    { userId: order.sellerId, account: 'available', kind: 'release', amount: pending, reason },
  ])
}

/** The buyer of a lot offering both picked the pickup: the shipping they paid goes back. */
export async function refundShipping(tx: Queryable, order: OrderMoney, shipping: number) {
  const reason = order.lotTitle
  await appendOrderEntries(tx, order, [
    { userId: order.buyerId, account: 'available', kind: 'refund', amount: shipping, reason },
    { userId: order.sellerId, account: 'pending', kind: 'reversal', amount: -shipping, reason },
  ])
}

/**
 * An admin's refund of `amount` to the buyer: taken from the seller's pending proceeds first, the
 * rest from the house's fees (never from what the seller may already have spent); what is left
 * pending is then released to the seller. 422 past what the buyer paid.
 */
export async function refundOrder(tx: Queryable, order: OrderMoney, amount: number, paid: number) {
  if (amount > paid) {
    throw new AppError(422, 'validation_failed', 'Some fields need attention.', {
      amount: `Must be at most what the buyer paid (${paid}).`,
    })
  }
  const pending = await pendingOfOrder(tx, order.id)
  const fromSeller = Math.min(amount, pending)
  const fromHouse = amount - fromSeller
  if (fromHouse > (await houseTakeOfOrder(tx, order.id))) {
    throw new Error(`order ${order.id}: refund of ${amount} exceeds what the order holds`)
  }
  const reason = order.lotTitle
  await appendOrderEntries(tx, order, [
    { userId: order.buyerId, account: 'available', kind: 'refund', amount, reason },
    { userId: order.sellerId, account: 'pending', kind: 'reversal', amount: -fromSeller, reason },
    { userId: null, account: 'house', kind: 'reversal', amount: -fromHouse, reason },
  ])
  await releaseProceeds(tx, order)
}
