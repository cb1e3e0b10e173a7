import type { Role } from './accounts.ts'
import type { TopUpStatus } from './wallet.ts'

/** The admin area's shapes (decision 0027), shared by the API and the client. */

/** Every admin action leaves one audit row; the reason is required except for a Stripe refresh. */
export const ADMIN_ACTIONS = [
  'wallet.adjust',
  'member.role',
  'member.suspend',
  'member.unsuspend',
  'lot.cancel',
  'top-up.refresh',
  'order.resolve',
  'rating.remove',
  'member.close',
  'withdrawal.retry',
  'payout.retry',
  'mail.retry',
] as const
export type AdminAction = (typeof ADMIN_ACTIONS)[number]
export type AuditTargetType =
  'user' | 'lot' | 'top-up' | 'order' | 'rating' | 'withdrawal' | 'payout' | 'mail'

export const REASON_MIN_LENGTH = 3
export const REASON_MAX_LENGTH = 200
export const SEARCH_MAX_LENGTH = 100
export const MEMBERS_PAGE_SIZE = 20
export const AUDIT_PAGE_SIZE = 25
/** An unfinished top-up older than this needs a person. */
export const TOP_UP_STUCK_MINUTES = 60

export interface AdminMember {
  id: string
  name: string
  email: string
  alias: string
  role: Role
  createdAt: string
  /** When the member was suspended; null while they are not. */
  suspendedAt: string | null
  balance: number
  available: number
  currency: string
}

export interface AuditEntry {
  id: number
  createdAt: string
  action: AdminAction
  adminId: string
  adminName: string
  targetType: AuditTargetType
  targetId: string
  /** A human name for the target (member's name, lot title) when it still exists. */
  targetLabel: string | null
  reason: string | null
  details: Record<string, unknown>
}

/** Why a top-up is listed for a person to look at. */
export type TopUpAttention = 'failed' | 'stuck' | 'refund_owed'

export interface AdminTopUp {
  id: string
  userId: string
  memberEmail: string
  amount: number
  currency: string
  status: TopUpStatus
  attention: TopUpAttention
  failureMessage: string | null
  hasPaymentIntent: boolean
  createdAt: string
  updatedAt: string
}
