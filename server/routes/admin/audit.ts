import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { AUDIT_PAGE_SIZE } from '../../../common/admin.ts'
import { NUMERIC_CURSOR_PATTERN } from '../../../common/wire.ts'
import type { Database } from '../../db/types.ts'
import { auditPage } from '../../repositories/admin.ts'
import { AuditPageSchema } from '../../schemas/admin.ts'
import { responses } from '../../schemas/shared.ts'
import { requireAdmin } from './guard.ts'

const Query = Type.Object(
  { cursor: Type.Optional(Type.String({ pattern: NUMERIC_CURSOR_PATTERN })) },
  { additionalProperties: false },
)

/** The admin audit, newest first, cursor-paginated. */
const adminAuditRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  requireAdmin(app)
  app.get(
    '/admin/audit',
    { schema: { querystring: Query, response: responses({ 200: AuditPageSchema }) } },
    async (request) => {
      const before = request.query.cursor ? Number(request.query.cursor) : undefined
      return auditPage(db, { before, limit: AUDIT_PAGE_SIZE })
    },
  )
}

export default adminAuditRoutes
