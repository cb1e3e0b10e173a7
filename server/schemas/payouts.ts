import { Type, type Static } from '@fastify/type-provider-typebox'
import type {
  AdminPayout,
  Payout,
  PayoutAccountLink,
  PayoutAccountState,
} from '../../common/money-out.ts'
import { Closed, Nullable, Page, Timestamp, type Same } from './shared.ts'

/** Response schemas of payouts and the payout account (decision 0053). */

export const PayoutAccountStateSchema = Closed({
  status: Type.Union([Type.Literal('none'), Type.Literal('incomplete'), Type.Literal('ready')]),
  detailsSubmitted: Type.Boolean(),
  payoutsEnabled: Type.Boolean(),
  requirementsDue: Type.Array(Type.String()),
})
const _state: Same<Static<typeof PayoutAccountStateSchema>, PayoutAccountState> = true

export const PayoutAccountLinkSchema = Closed({ url: Type.String() })
const _link: Same<Static<typeof PayoutAccountLinkSchema>, PayoutAccountLink> = true

export const PayoutStatusSchema = Type.Union([
  Type.Literal('pending'),
  Type.Literal('paid'),
  Type.Literal('failed'),
  Type.Literal('reversed'),
])

const payoutFields = {
  id: Type.String(),
  amount: Type.Integer(),
  currency: Type.String(),
  status: PayoutStatusSchema,
  reversedAmount: Type.Integer(),
  failureMessage: Nullable(Type.String()),
  withdrawalId: Nullable(Type.String()),
  createdAt: Timestamp,
  updatedAt: Timestamp,
}

export const PayoutSchema = Closed(payoutFields)
const _payout: Same<Static<typeof PayoutSchema>, Payout> = true
export const PayoutPageSchema = Page(PayoutSchema)

export const AdminPayoutSchema = Closed({
  ...payoutFields,
  userId: Type.String(),
  attempt: Type.Integer(),
  transferId: Nullable(Type.String()),
})
const _adminPayout: Same<Static<typeof AdminPayoutSchema>, AdminPayout> = true
export const AdminPayoutPageSchema = Page(AdminPayoutSchema)
