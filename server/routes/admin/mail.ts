import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { NUMERIC_CURSOR_PATTERN } from '../../../common/wire.ts'
import { retryMail } from '../../commands/mail/retry-mail.ts'
import type { Database } from '../../db/types.ts'
import { adminMailPage } from '../../repositories/mail-outbox.ts'
import { AdminMailPageSchema, AdminMailSchema } from '../../schemas/mail.ts'
import { responses } from '../../schemas/shared.ts'
import { Reason, requireAdmin } from './guard.ts'

const PAGE_SIZE = 25

const ListQuery = Type.Object(
  {
    cursor: Type.Optional(Type.String({ pattern: NUMERIC_CURSOR_PATTERN })),
    status: Type.Optional(
      Type.Union([
        Type.Literal('pending'),
        Type.Literal('sending'),
        Type.Literal('sent'),
        Type.Literal('dead'),
        Type.Literal('kept'),
      ]),
    ),
  },
  { additionalProperties: false },
)
const Params = Type.Object({ id: Type.String({ pattern: '^[1-9][0-9]{0,15}$' }) })
const RetryBody = Type.Object({ reason: Reason }, { additionalProperties: false })

/**
 * The mail outbox for admins (decision 0054): newest first, optionally of one status (`dead`: the
 * mails the worker gave up on), and a dead mail put back in the queue (audited 'mail.retry').
 */
const adminMailRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  requireAdmin(app)

  app.get(
    '/admin/mail',
    { schema: { querystring: ListQuery, response: responses({ 200: AdminMailPageSchema }) } },
    async (request) => {
      const { cursor, status } = request.query
      return adminMailPage(db, {
        status,
        before: cursor ? Number(cursor) : undefined,
        limit: PAGE_SIZE,
      })
    },
  )

  app.post(
    '/admin/mail/:id/retry',
    { schema: { params: Params, body: RetryBody, response: responses({ 200: AdminMailSchema }) } },
    async (request) => {
      const admin = await request.requireUser()
      return retryMail(db, {
        adminId: admin.id,
        mailId: Number(request.params.id),
        reason: request.body.reason,
      })
    },
  )
}

export default adminMailRoutes
