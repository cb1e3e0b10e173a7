import { Type, type Static } from '@fastify/type-provider-typebox'
import type { MoneyOutView, Payout, Withdrawal } from '../../common/money-out.ts'
import { Closed, Nullable, Page, Timestamp, type Same } from './shared.ts'

/** Response schemas of money out's reads and withdrawals (decision 0053). */

const Card = Nullable(Closed({ brand: Type.String(), last4: Type.String() }))

const WithdrawalPayoutSchema = Closed({
  id: Type.String(),
  amount: Type.Integer(),
  currency: Type.String(),
  status: Type.Union([
    Type.Literal('pending'),
    Type.Literal('paid'),
    Type.Literal('failed'),
    Type.Literal('reversed'),
  ]),
  reversedAmount: Type.Integer(),
  failureMessage: Nullable(Type.String()),
  withdrawalId: Nullable(Type.String()),
  createdAt: Timestamp,
  updatedAt: Timestamp,
})
const _payout: Same<Static<typeof WithdrawalPayoutSchema>, Payout> = true

export const WithdrawalSchema = Closed({
  id: Type.String(),
  amount: Type.Integer(),
  currency: Type.String(),
  status: Type.Union([
    Type.Literal('pending'),
    Type.Literal('completed'),
    Type.Literal('partly_failed'),
    Type.Literal('failed'),
  ]),
  refunds: Type.Array(
    Closed({
      id: Type.String(),
      amount: Type.Integer(),
      status: Type.Union([
        Type.Literal('pending'),
        Type.Literal('succeeded'),
        Type.Literal('failed'),
        Type.Literal('canceled'),
      ]),
      card: Card,
      failureReason: Nullable(Type.String()),
    }),
  ),
  payout: Nullable(WithdrawalPayoutSchema),
  createdAt: Timestamp,
})
const _withdrawal: Same<Static<typeof WithdrawalSchema>, Withdrawal> = true

export const WithdrawalPageSchema = Page(WithdrawalSchema)

/** An admin's list: each withdrawal with its member. */
export const AdminWithdrawalPageSchema = Page(
  Closed({ ...WithdrawalSchema.properties, userId: Type.String() }),
)

export const MoneyOutViewSchema = Closed({
  currency: Type.String(),
  available: Type.Integer(),
  demoCredit: Type.Integer(),
  withdrawable: Type.Integer(),
  inTransit: Type.Integer(),
  refundable: Type.Array(
    Closed({
      topUpId: Type.String(),
      refundable: Type.Integer(),
      card: Card,
      paidAt: Timestamp,
    }),
  ),
  payoutAccount: Closed({
    status: Type.Union([Type.Literal('none'), Type.Literal('incomplete'), Type.Literal('ready')]),
    detailsSubmitted: Type.Boolean(),
    payoutsEnabled: Type.Boolean(),
    requirementsDue: Type.Array(Type.String()),
  }),
  payoutMin: Type.Integer(),
  payoutDailyMax: Type.Integer(),
  payoutLeftToday: Type.Integer(),
  moneyOutEnabled: Type.Boolean(),
  refundWindowDays: Type.Integer(),
})
const _view: Same<Static<typeof MoneyOutViewSchema>, MoneyOutView> = true

/** One difference the reconciliation found between Stripe and the ledger. */
export const ReconciliationReportSchema = Closed({
  report: Nullable(
    Closed({
      id: Type.Integer(),
      ranAt: Timestamp,
      checked: Type.Integer(),
      differences: Type.Array(
        Closed({
          kind: Type.String(),
          stripeId: Nullable(Type.String()),
          ourId: Nullable(Type.String()),
          expected: Type.Union([Type.Integer(), Type.String(), Type.Null()]),
          found: Type.Union([Type.Integer(), Type.String(), Type.Null()]),
        }),
      ),
    }),
  ),
})
