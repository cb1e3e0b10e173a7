import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  ENDED_STATUSES,
  receiptReference,
  viewerOf,
  type LotResult,
  type Receipt,
} from '../../../common/auction.ts'
import { ENTRY_ID_PATTERN } from '../../../common/wire.ts'
import type { Database } from '../../db/types.ts'
import { AppError, notFound } from '../../lib/problem.ts'
import { biddersOn, receiptOf, saleEntryOf, winningBidId } from '../../repositories/ending.ts'
import { findLot } from '../../repositories/lots.ts'
import { findOrderOfLot } from '../../repositories/orders.ts'
import { amountsOf } from '../../commands/orders/order-view.ts'
import { LotResultSchema, ReceiptSchema } from '../../schemas/ending.ts'
import { responses } from '../../schemas/shared.ts'
import { lotId } from '../lots/params.ts'
import { LotParams } from '../lots/schemas.ts'

const ReceiptParams = Type.Object({ entryId: Type.String({ pattern: ENTRY_ID_PATTERN }) })
const ResultRoute = { params: LotParams, response: responses({ 200: LotResultSchema }) }
const ReceiptRoute = { params: ReceiptParams, response: responses({ 200: ReceiptSchema }) }

/**
 * A lot's ending (decision 0023): how it ended for the viewer, and their receipt. Reads only:
 * the sale itself is written once, by server/commands/settlement/close-lot.ts.
 */
/** The id of the lot's order, when its sale made one. */
const orderIdOf = async (db: Database, lotId: string) =>
  (await findOrderOfLot(db, lotId))?.id ?? null

const endingRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  app.get('/lots/:id/result', { schema: ResultRoute }, async (request): Promise<LotResult> => {
    const id = lotId(request.params.id)
    const lot = await findLot(db, id)
    if (!lot) throw notFound('Lot')
    if (!ENDED_STATUSES.includes(lot.status))
      throw new AppError(409, 'lot_not_open', 'The lot has not ended yet.')
    const user = await request.getUser()
    const bid = user ? (await biddersOn(db, id)).includes(user.id) : false
    const seat = { sellerId: lot.seller_id, status: lot.status, leaderId: lot.leader_id }
    const viewer = viewerOf(seat, user?.id, bid)
    const sold = lot.status === 'settled' && lot.leader_id !== null
    const entry = user && sold ? await saleEntryOf(db, user.id, id) : undefined
    return {
      lotId: id,
      status: lot.status,
      price: sold ? lot.current_price : null,
      winningBidId: sold ? await winningBidId(db, id, lot.leader_id!) : null,
      viewer,
      nextSteps:
        sold && (viewer === 'winner' || viewer === 'seller') && lot.next_steps
          ? lot.next_steps
          : null,
      entryId: entry?.id ?? null,
      entryAmount: entry?.amount ?? null,
      orderId:
        sold && (viewer === 'winner' || viewer === 'seller') ? await orderIdOf(db, id) : null,
    }
  })

  app.get('/wallet/receipts/:entryId', { schema: ReceiptRoute }, async (request) => {
    const user = await request.requireUser()
    const row = await receiptOf(db, user.id, Number(request.params.entryId))
    if (!row) throw notFound('Receipt')
    const order = await findOrderOfLot(db, row.lot_id)
    const receipt: Receipt = {
      entryId: row.id,
      reference: receiptReference(row.id),
      kind: row.kind,
      amount: Math.abs(row.amount),
      createdAt: row.created_at.toISOString(),
      lotId: row.lot_id,
      lotTitle: row.lot_title,
      seller: row.seller_name,
      buyer: row.kind === 'purchase' ? null : (order?.buyerName ?? row.buyer_alias),
      orderId: order?.id ?? null,
      amounts: order ? amountsOf(order) : null,
    }
    return receipt
  })
}

export default endingRoutes
