import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Database } from '../../db/types.ts'
import { markNotificationsRead } from '../../commands/notifications/mark-read.ts'
import { REPLAYED_HEADER } from '../../../common/config.ts'
import { NUMERIC_CURSOR_PATTERN } from '../../../common/wire.ts'
import { idempotencyKeyOf } from '../../lib/idempotent.ts'
import { listNotifications } from '../../repositories/notifications.ts'
import { NotificationPageSchema, NotificationsReadSchema } from '../../schemas/auction.ts'
import { responses } from '../../schemas/shared.ts'

const ListQuery = Type.Object(
  { cursor: Type.Optional(Type.String({ pattern: NUMERIC_CURSOR_PATTERN })) },
  { additionalProperties: false },
)
const ReadBody = Type.Object(
  {
    ids: Type.Optional(
      Type.Array(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }), { maxItems: 500 }),
    ),
  },
  { additionalProperties: false },
)
const List = { querystring: ListQuery, response: responses({ 200: NotificationPageSchema }) }
const Read = {
  body: Type.Optional(ReadBody),
  response: responses({ 200: NotificationsReadSchema }),
}

const notificationRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  app.get('/notifications', { schema: List }, async (request) => {
    const user = await request.requireUser()
    const before = request.query.cursor === undefined ? undefined : Number(request.query.cursor)
    return listNotifications(db, user.id, before)
  })

  /**
   * Marks the given notifications read, or all of them when `ids` is omitted. Idempotent; with an
   * Idempotency-Key (the offline queue sends one) a repeat gets the first answer back.
   */
  app.post('/notifications/read', { schema: Read }, async (request, reply) => {
    const user = await request.requireUser()
    const ids = request.body?.ids
    const key = idempotencyKeyOf(request.headers, false)
    const result = await markNotificationsRead(db, { userId: user.id, ids, key })
    if (result.replayed) void reply.header(REPLAYED_HEADER, 'true')
    return result.body
  })
}

export default notificationRoutes
