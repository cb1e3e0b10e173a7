import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import { SHOW_CHAT_MAX_LENGTH, SHOW_CHAT_PAGE, SHOW_CHAT_RATE } from '../../../common/shows.ts'
import { NUMERIC_CURSOR_PATTERN, UUID_PATTERN } from '../../../common/wire.ts'
import { postChatMessage, removeMessage, setMuted } from '../../commands/shows-chat/chat.ts'
import type { Database } from '../../db/types.ts'
import { notFound } from '../../lib/problem.ts'
import { chatPage, findChatShow } from '../../repositories/show-chat.ts'
import { NoContent, ShowChatMessageSchema, ShowChatPageSchema } from '../../schemas/show-chat.ts'
import { responses } from '../../schemas/shared.ts'

const ShowParams = Type.Object(
  { id: Type.String({ pattern: UUID_PATTERN }) },
  { additionalProperties: false },
)
const MessageId = Type.String({ pattern: NUMERIC_CURSOR_PATTERN })
const MessageParams = Type.Object(
  { id: Type.String({ pattern: UUID_PATTERN }), messageId: MessageId },
  { additionalProperties: false },
)
const PageQuery = Type.Object({ before: Type.Optional(MessageId) }, { additionalProperties: false })
// Room for white space and invisible characters the cleaning drops; what counts is checked after.
const SendBody = Type.Object(
  { body: Type.String({ minLength: 1, maxLength: 2 * SHOW_CHAT_MAX_LENGTH }) },
  { additionalProperties: false },
)
const MuteBody = Type.Object({ messageId: MessageId }, { additionalProperties: false })
/** A message's JSON cannot need more than this (600 characters of up to 6 escaped bytes, and keys). */
const SEND_BODY_LIMIT = 8 * 1024

/**
 * At most SHOW_CHAT_RATE messages per member per show (`@fastify/rate-limit`, counted at onRequest
 * in Redis when the nodes share one, so the limit holds across nodes): 429 `rate_limited` with
 * Retry-After. A guest counts by address and is then refused by the route (401).
 */
const chatRate = {
  rateLimit: {
    max: SHOW_CHAT_RATE.messages,
    timeWindow: SHOW_CHAT_RATE.windowMs,
    keyGenerator: async (request: FastifyRequest) => {
      const { id } = request.params as { id?: string }
      return `show-chat|${id ?? ''}|${(await request.getUser())?.id ?? request.ip}`
    },
  },
}

/**
 * A live show's chat (issue 34, docs/product.md "Chat and following"): anyone reads it, signed-in
 * members write while the show is live or paused, its host (or an admin) removes messages and
 * mutes their authors. Rules: server/commands/shows-chat/chat.ts.
 */
const showChatRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/shows/:id/chat',
    {
      schema: {
        params: ShowParams,
        querystring: PageQuery,
        response: responses({ 200: ShowChatPageSchema }),
      },
    },
    async (request) => {
      const show = await findChatShow(db, request.params.id)
      if (!show) throw notFound('Show')
      return chatPage(db, show.id, request.query.before, SHOW_CHAT_PAGE)
    },
  )

  app.post(
    '/shows/:id/chat',
    {
      bodyLimit: SEND_BODY_LIMIT,
      schema: {
        params: ShowParams,
        body: SendBody,
        response: responses({ 201: ShowChatMessageSchema }),
      },
      config: chatRate,
    },
    async (request, reply) => {
      const user = await request.requireUser()
      const message = await postChatMessage(
        db,
        { showId: request.params.id, user, body: request.body.body },
        { broadcaster: app.broadcaster, socketId: request.socketId },
      )
      return reply.code(201).send(message)
    },
  )

  app.delete(
    '/shows/:id/chat/:messageId',
    { schema: { params: MessageParams, response: responses({ 204: NoContent }) } },
    async (request, reply) => {
      const user = await request.requireUser()
      const { id: showId, messageId } = request.params
      await removeMessage(
        db,
        { showId, messageId, user },
        { broadcaster: app.broadcaster, socketId: request.socketId },
      )
      return reply.code(204).send()
    },
  )

  // Muting names a message: the host mutes its author from the chat, never by typing a name.
  app.post(
    '/shows/:id/mutes',
    { schema: { params: ShowParams, body: MuteBody, response: responses({ 204: NoContent }) } },
    async (request, reply) => {
      const user = await request.requireUser()
      const { messageId } = request.body
      await setMuted(db, { showId: request.params.id, messageId, user, muted: true })
      return reply.code(204).send()
    },
  )

  app.delete(
    '/shows/:id/mutes/:messageId',
    { schema: { params: MessageParams, response: responses({ 204: NoContent }) } },
    async (request, reply) => {
      const user = await request.requireUser()
      const { id: showId, messageId } = request.params
      await setMuted(db, { showId, messageId, user, muted: false })
      return reply.code(204).send()
    },
  )
}

export default showChatRoutes
