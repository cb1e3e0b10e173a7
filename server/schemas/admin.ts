import { Type, type Static } from '@fastify/type-provider-typebox'
import {
  ADMIN_ACTIONS,
  type AdminMember,
  type AdminTopUp,
  type AuditEntry,
} from '../../common/admin.ts'
import { LotSummarySchema } from './auction.ts'
import { Closed, Nullable, Page, Timestamp, type Same } from './shared.ts'
import { TopUpSchema } from './wallet.ts'

/** The admin area's answers (decision 0027). */

export const AdminMemberSchema = Closed({
  id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  alias: Type.String(),
  role: Type.Union([Type.Literal('member'), Type.Literal('admin')]),
  createdAt: Timestamp,
  suspendedAt: Nullable(Timestamp),
  balance: Type.Integer(),
  available: Type.Integer(),
  currency: Type.String(),
})
const _member: Same<Static<typeof AdminMemberSchema>, AdminMember> = true

export const AdminMemberPageSchema = Page(AdminMemberSchema)
export const AdminMemberResponseSchema = Closed({ member: AdminMemberSchema })

export const AdminLotsSchema = Closed({ items: Type.Array(LotSummarySchema) })

export const AuditEntrySchema = Closed({
  id: Type.Integer(),
  createdAt: Timestamp,
  action: Type.Enum(ADMIN_ACTIONS),
  adminId: Type.String(),
  adminName: Type.String(),
  targetType: Type.Union([
    Type.Literal('user'),
    Type.Literal('lot'),
    Type.Literal('top-up'),
    Type.Literal('order'),
    Type.Literal('rating'),
    Type.Literal('withdrawal'),
    Type.Literal('payout'),
    Type.Literal('mail'),
  ]),
  targetId: Type.String(),
  targetLabel: Nullable(Type.String()),
  reason: Nullable(Type.String()),
  /** What the action changed: amounts before and after, roles, holds released… */
  details: Type.Record(Type.String(), Type.Unknown()),
})
const _audit: Same<Static<typeof AuditEntrySchema>, AuditEntry> = true
export const AuditPageSchema = Page(AuditEntrySchema)

export const AdminTopUpSchema = Closed({
  id: Type.String(),
  userId: Type.String(),
  memberEmail: Type.String(),
  amount: Type.Integer(),
  currency: Type.String(),
  status: TopUpSchema.properties.status,
  attention: Type.Union([
    Type.Literal('failed'),
    Type.Literal('stuck'),
    Type.Literal('refund_owed'),
  ]),
  failureMessage: Nullable(Type.String()),
  hasPaymentIntent: Type.Boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
})
const _topUp: Same<Static<typeof AdminTopUpSchema>, AdminTopUp> = true
export const AdminTopUpsSchema = Closed({ items: Type.Array(AdminTopUpSchema) })
export const RefreshedTopUpSchema = Closed({ status: TopUpSchema.properties.status })
