import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Database } from '../../db/types.ts'
import { applyOnce, optionalIdempotencyKey, REPLAYED_HEADER } from '../../lib/idempotent.ts'
import { listNotifications, markRead } from '../../repositories/notifications.ts'

const ListQuery = Type.Object(
  { cursor: Type.Optional(Type.String({ pattern: '^[0-9]{1,15}$' })) },
  { additionalProperties: false },
)
const ReadBody = Type.Object(
  { ids: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 500 })) },
  { additionalProperties: false },
)

const notificationRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  app.get('/notifications', { schema: { querystring: ListQuery } }, async (request) => {
    const user = await request.requireUser()
    const before = request.query.cursor === undefined ? undefined : Number(request.query.cursor)
    return listNotifications(db, user.id, before)
  })

  /**
   * Marks the given notifications read, or all of them when `ids` is omitted. Idempotent; with an
   * Idempotency-Key (the offline queue sends one) a repeat gets the first answer back.
   */
  app.post(
    '/notifications/read',
    { schema: { body: Type.Optional(ReadBody) } },
    async (request, reply) => {
      const user = await request.requireUser()
      const ids = request.body?.ids
      const key = optionalIdempotencyKey(request.headers)
      const result = await applyOnce(
        db,
        { userId: user.id, scope: 'notifications-read', key, parts: [ids ?? null] },
        async (tx) => {
          const updated = await markRead(tx, user.id, ids)
          const { rows } = await tx.query<{ unread: number }>(
            'select count(*)::int as unread from notifications where user_id = $1 and read_at is null',
            [user.id],
          )
          return { updated, unread: rows[0]?.unread ?? 0 }
        },
      )
      if (result.replayed) void reply.header(REPLAYED_HEADER, 'true')
      return result.body
    },
  )
}

export default notificationRoutes
