import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { EMAIL_MAX_LENGTH } from '../../../common/accounts.ts'
import { MEMBERS_PAGE_SIZE, SEARCH_MAX_LENGTH } from '../../../common/admin.ts'
import { VISIBLE_TEXT_FORMAT } from '../../../common/auction.ts'
import { UUID_PATTERN } from '../../../common/wire.ts'
import { changeRole } from '../../commands/admin/change-role.ts'
import { setSuspension } from '../../commands/admin/set-suspension.ts'
import type { Database } from '../../db/types.ts'
import type { Broadcaster } from '../../lib/broadcaster.ts'
import { searchMembers } from '../../repositories/admin.ts'
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
const Changed = responses({ 200: AdminMemberResponseSchema })

/**
 * Members in the admin area: search by name, e-mail or alias (paginated by e-mail), change a
 * role (never the last active admin), suspend or restore (decision 0027).
 */
const adminMemberRoutes: FastifyPluginAsyncTypebox<{
  db: Database
  broadcaster: Broadcaster
  currency: string
}> = async (app, { db, broadcaster, currency }) => {
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
}

export default adminMemberRoutes
