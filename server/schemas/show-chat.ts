import { Type, type Static } from '@fastify/type-provider-typebox'
import type { ShowChatMessage } from '../../common/shows.ts'
import { Closed, Page, Timestamp, type Same } from './shared.ts'

export const ShowChatMessageSchema = Closed({
  id: Type.String({ pattern: '^[0-9]+$' }),
  showId: Type.String({ format: 'uuid' }),
  author: Type.String(),
  host: Type.Boolean(),
  body: Type.String(),
  at: Timestamp,
})
const _message: Same<Static<typeof ShowChatMessageSchema>, ShowChatMessage> = true

export const ShowChatPageSchema = Page(ShowChatMessageSchema)

/** A 204's empty answer, for the OpenAPI document. */
export const NoContent = Type.Unsafe<undefined>({ type: 'null', description: 'Done.' })
