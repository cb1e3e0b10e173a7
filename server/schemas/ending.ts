import { Type, type Static } from '@fastify/type-provider-typebox'
import { LOT_STATUSES, RESULT_VIEWERS, type LotResult, type Receipt } from '../../common/auction.ts'
import { Closed, Nullable, Timestamp, type Same } from './shared.ts'

/** Response schemas of a lot's ending: its result panel and the receipt (decision 0023). */

/** `GET /api/lots/:id/result`. */
export const LotResultSchema = Closed({
  lotId: Type.String(),
  status: Type.Enum(LOT_STATUSES),
  price: Nullable(Type.Integer()),
  winningBidId: Nullable(Type.Integer()),
  viewer: Type.Enum(RESULT_VIEWERS),
  /** Only the winner and the seller see it. */
  nextSteps: Nullable(Type.String()),
  entryId: Nullable(Type.Integer()),
  entryAmount: Nullable(Type.Integer()),
  orderId: Nullable(Type.String({ format: 'uuid' })),
})
const _result: Same<Static<typeof LotResultSchema>, LotResult> = true

/** `GET /api/wallet/receipts/:entryId`. */
export const ReceiptSchema = Closed({
  entryId: Type.Integer(),
  reference: Type.String(),
  kind: Type.Enum(['purchase', 'sale'] as const),
  amount: Type.Integer(),
  createdAt: Timestamp,
  lotId: Type.String(),
  lotTitle: Type.String(),
  seller: Type.String(),
  buyer: Nullable(Type.String()),
  orderId: Nullable(Type.String({ format: 'uuid' })),
  amounts: Nullable(
    Closed({
      hammer: Type.Integer(),
      premium: Type.Integer(),
      shipping: Type.Integer(),
      buyerTotal: Type.Integer(),
      sellerFee: Type.Integer(),
      sellerProceeds: Type.Integer(),
    }),
  ),
})
const _receipt: Same<Static<typeof ReceiptSchema>, Receipt> = true
