import { Type, type Static } from '@fastify/type-provider-typebox'
import type { LedgerEntry, TopUp, TopUpResponse, Wallet, WalletHold } from '../../common/wallet.ts'
import { Closed, Nullable, Page, Timestamp, type Same } from './shared.ts'

/** Response schemas of the wallet, its ledger and holds, top-ups and admin adjustments. */

export const WalletSchema = Closed({
  /** Sum of the ledger entries. */
  balance: Type.Integer(),
  /** Sum of the active holds (the user's maxima on lots they lead). */
  held: Type.Integer(),
  /** balance − held, never negative. */
  available: Type.Integer(),
  /** Sales' proceeds waiting for their orders to complete (decision 0051). */
  pending: Type.Integer(),
  currency: Type.String(),
  /** Increments on every ledger entry or hold change of this user. */
  version: Type.Integer(),
})
const _wallet: Same<Static<typeof WalletSchema>, Wallet> = true

export const TopUpSchema = Closed({
  id: Type.String(),
  amount: Type.Integer(),
  currency: Type.String(),
  status: Type.Union([
    Type.Literal('created'),
    Type.Literal('processing'),
    Type.Literal('requires_action'),
    Type.Literal('succeeded'),
    Type.Literal('failed'),
    Type.Literal('canceled'),
    Type.Literal('refunded'),
  ]),
  /** Stripe's message for a failed payment, shown as is. */
  failureMessage: Nullable(Type.String()),
  creditedAt: Nullable(Timestamp),
  createdAt: Timestamp,
})
const _topUp: Same<Static<typeof TopUpSchema>, TopUp> = true

/** `POST /api/wallet/top-ups` and `GET /api/wallet/top-ups/:id`. */
export const TopUpResponseSchema = Closed({
  topUp: TopUpSchema,
  /** For the Payment Element while the top-up is not final; null once it is. */
  clientSecret: Nullable(Type.String()),
})
const _topUpResponse: Same<Static<typeof TopUpResponseSchema>, TopUpResponse> = true

export const LedgerEntrySchema = Closed({
  id: Type.Integer(),
  kind: Type.Union([
    Type.Literal('top_up'),
    Type.Literal('purchase'),
    Type.Literal('sale'),
    Type.Literal('refund'),
    Type.Literal('adjustment'),
    Type.Literal('fee'),
    Type.Literal('release'),
    Type.Literal('reversal'),
    Type.Literal('demo_credit'),
    Type.Literal('withdrawal'),
    Type.Literal('payout'),
    Type.Literal('return'),
  ]),
  /** Signed: credits positive, debits negative. */
  amount: Type.Integer(),
  lotId: Nullable(Type.String()),
  lotTitle: Nullable(Type.String()),
  reason: Nullable(Type.String()),
  createdAt: Timestamp,
})
const _ledgerEntry: Same<Static<typeof LedgerEntrySchema>, LedgerEntry> = true

export const WalletHoldSchema = Closed({
  lotId: Type.String(),
  lotTitle: Type.String(),
  amount: Type.Integer(),
  lotEndsAt: Timestamp,
})
const _walletHold: Same<Static<typeof WalletHoldSchema>, WalletHold> = true

export const LedgerPageSchema = Page(LedgerEntrySchema)
export const HoldsSchema = Closed({ items: Type.Array(WalletHoldSchema) })

/** `POST /api/admin/wallets/:userId/adjustments` → 201: the member's wallet as it now stands. */
export const AdjustmentResponseSchema = Closed({ wallet: WalletSchema })

/** `POST /api/stripe/webhook` → 200 once the event's outcome is durable. */
export const WebhookReceivedSchema = Closed({ received: Type.Literal(true) })
