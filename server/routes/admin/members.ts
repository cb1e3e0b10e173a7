import type Stripe from 'stripe'
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { EMAIL_MAX_LENGTH } from '../../../common/accounts.ts'
import { MEMBERS_PAGE_SIZE, SEARCH_MAX_LENGTH } from '../../../common/admin.ts'
import { VISIBLE_TEXT_FORMAT } from '../../../common/auction.ts'
import { UUID_PATTERN } from '../../../common/wire.ts'
import { changeRole } from '../../commands/admin/change-role.ts'
import { closeMember } from '../../commands/admin/close-member.ts'
import { sendMoneyOut } from '../../commands/admin/send-money-out.ts'
import { setSuspension } from '../../commands/admin/set-suspension.ts'
import type { Database } from '../../db/types.ts'
import type { Broadcaster } from '../../lib/broadcaster.ts'
import { searchMembers } from '../../repositories/admin.ts'
import type { MoneyOutSettings } from '../../repositories/money-out.ts'
import { AdminMemberPageSchema, AdminMemberResponseSchema } from '../../schemas/admin.ts'
import { responses } from '../../schemas/shared.ts'
import { Reason, requireAdmin } from './guard.ts'

const Search = Type.Object(
  {
    q: Type.Optional(Type.String({ maxLength: SEARCH_MAX_LENGTH, format: VISIBLE_TEXT_FORMAT })),
    cursor: Type.Optional(Type.String({ minLength: 1, maxLength: EMAIL_MAX_LENGTH })),
  },
  { additionalProperties: false },
)
const Params = Type.Object({ userId: Type.String({ pattern: UUID_PATTERN }) })
const RoleBody = Type.Object(
  { role: Type.Union([Type.Literal('member'), Type.Literal('admin')]), reason: Reason },
  { additionalProperties: false },
)
const SuspensionBody = Type.Object(
  { suspended: Type.Boolean(), reason: Reason },
  { additionalProperties: false },
)
const CloseBody = Type.Object(
  {
    reason: Reason,
    /**
     * Send the money still in the account out first (a withdrawal: refunds to its cards, then a
     * payout). Without it, an account holding money is refused with 409 account_has_money.
     */
    sendMoneyOut: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
)
const Changed = responses({ 200: AdminMemberResponseSchema })

/**
 * Members in the admin area: search by name, e-mail or alias (paginated by e-mail), change a
 * role (never the last active admin), suspend or restore (decision 0027), close an account
 * (decision 0053).
 */
const adminMemberRoutes: FastifyPluginAsyncTypebox<{
  db: Database
  broadcaster: Broadcaster
  currency: string
  money: MoneyOutSettings
  stripe: Stripe | null
}> = async (app, { db, broadcaster, currency, money, stripe }) => {
  requireAdmin(app)

  app.get(
    '/admin/members',
    { schema: { querystring: Search, response: responses({ 200: AdminMemberPageSchema }) } },
    async (request) => {
      const { q, cursor } = request.query
      return searchMembers(db, {
        query: q?.trim() ?? '',
        cursor: cursor?.toLowerCase(),
        limit: MEMBERS_PAGE_SIZE,
        currency,
      })
    },
  )

  app.post(
    '/admin/members/:userId/role',
    { schema: { params: Params, body: RoleBody, response: Changed } },
    async (request) => {
      const admin = await request.requireUser()
      const { role, reason } = request.body
      const result = await changeRole(
        { db, currency },
        { adminId: admin.id, userId: request.params.userId, role, reason },
      )
      return result.body
    },
  )

  app.post(
    '/admin/members/:userId/suspension',
    { schema: { params: Params, body: SuspensionBody, response: Changed } },
    async (request) => {
      const admin = await request.requireUser()
      const { suspended, reason } = request.body
      const result = await setSuspension(
        { db, currency, broadcaster },
        { adminId: admin.id, userId: request.params.userId, suspended, reason },
      )
      return result.body
    },
  )

  // Money never stays behind in a closed account: with real money in it, closing is refused
  // (409 account_has_money) until it has left by a withdrawal. `sendMoneyOut` makes that
  // withdrawal first (audited); a part still on its way then refuses the close with
  // money_in_transit until Stripe has settled it, and the admin closes again.
  app.post(
    '/admin/members/:userId/close',
    { schema: { params: Params, body: CloseBody, response: Changed } },
    async (request) => {
      const admin = await request.requireUser()
      const { userId } = request.params
      if (request.body.sendMoneyOut && userId !== admin.id) {
        await sendMoneyOut(
          { db, broadcaster, currency, stripe, moneyOut: money.moneyOut, log: request.log },
          { adminId: admin.id, userId, reason: request.body.reason },
        )
      }
      const result = await closeMember(
        { db, broadcaster, money },
        { adminId: admin.id, userId: request.params.userId, reason: request.body.reason },
      )
      return result.body
    },
  )
}

export default adminMemberRoutes
