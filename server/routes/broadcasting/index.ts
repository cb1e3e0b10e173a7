import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Database } from '../../db/types.ts'
import type { Broadcaster } from '../../lib/broadcaster.ts'
import { AppError, forbidden } from '../../lib/problem.ts'
import { lotExists } from '../../repositories/lots.ts'
import type { PublicUser } from '../../../common/accounts.ts'
import { lotPresenceLot, SOCKET_ID_PATTERN, walletChannelUser } from '../../../common/wire.ts'
import { ChannelAuthSchema, UserAuthSchema } from '../../schemas/broadcasting.ts'
import { responses } from '../../schemas/shared.ts'

const ChannelAuthBody = Type.Object({
  socket_id: Type.String({ pattern: SOCKET_ID_PATTERN }),
  channel_name: Type.String({ minLength: 1, maxLength: 200 }),
})
const UserAuthBody = Type.Object({ socket_id: Type.String({ pattern: SOCKET_ID_PATTERN }) })
const ChannelAuth = { body: ChannelAuthBody, response: responses({ 200: ChannelAuthSchema }) }
const UserAuth = { body: UserAuthBody, response: responses({ 200: UserAuthSchema }) }

/**
 * Who may join which channel (docs/product.md §4). Public channels need no authorization;
 * everything private or presence is listed here, and anything not listed is refused.
 */
async function mayJoin(db: Database, user: PublicUser, channel: string): Promise<boolean> {
  const walletOwner = walletChannelUser(channel)
  if (walletOwner) return walletOwner === user.id
  const lotRoom = lotPresenceLot(channel)
  if (lotRoom) return lotExists(db, lotRoom)
  // No presence channel for a show: its viewer count is show.{id}'s subscription count (0061).
  return false
}

/**
 * Pusher-protocol authorization, Laravel-style paths. pusher-js posts
 * application/x-www-form-urlencoded by default; our client posts JSON through ky. Both parse.
 */
const broadcastingRoutes: FastifyPluginAsyncTypebox<{
  db: Database
  broadcaster: Broadcaster
}> = async (app, { db, broadcaster }) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  )

  app.post('/auth', { schema: ChannelAuth }, async (request) => {
    const user = await request.requireUser()
    const { socket_id: socketId, channel_name: channel } = request.body
    if (!channel.startsWith('private-') && !channel.startsWith('presence-')) {
      throw new AppError(400, 'bad_request', 'Public channels need no authorization.')
    }
    if (!(await mayJoin(db, user, channel))) throw forbidden('You may not join this channel.')
    const presence = channel.startsWith('presence-')
      ? { user_id: user.id, user_info: { alias: user.alias } }
      : undefined
    return broadcaster.pusher.authorizeChannel(socketId, channel, presence)
  })

  app.post('/user-auth', { schema: UserAuth }, async (request) => {
    const user = await request.requireUser()
    return broadcaster.pusher.authenticateUser(request.body.socket_id, {
      id: user.id,
      user_info: { alias: user.alias },
    })
  })
}

export default broadcastingRoutes
