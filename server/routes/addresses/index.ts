import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { REPLAYED_HEADER } from '../../../common/config.ts'
import { UUID_PATTERN } from '../../../common/wire.ts'
import { addAddress, removeAddress } from '../../commands/addresses/address-book.ts'
import type { Database } from '../../db/types.ts'
import { idempotencyKeyOf } from '../../lib/idempotent.ts'
import { listAddresses } from '../../repositories/addresses.ts'
import { AddressBody, AddressListSchema, AddressSchema } from '../../schemas/addresses.ts'
import { responses } from '../../schemas/shared.ts'

const NoContent = Type.Unsafe<undefined>({ type: 'null', description: 'Removed.' })
const AddressParams = Type.Object(
  { id: Type.String({ pattern: UUID_PATTERN }) },
  { additionalProperties: false },
)

/** The signed-in member's address book (issue 29); nobody else's is ever reachable. */
const addressRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/me/addresses',
    { schema: { response: responses({ 200: AddressListSchema }) } },
    async (request) => {
      const user = await request.requireUser()
      return { items: await listAddresses(db, user.id) }
    },
  )

  app.post(
    '/me/addresses',
    { schema: { body: AddressBody, response: responses({ 201: AddressSchema }) } },
    async (request, reply) => {
      const user = await request.requireUser()
      const key = idempotencyKeyOf(request.headers, false)
      const result = await addAddress(db, { userId: user.id, address: request.body, key })
      if (result.replayed) void reply.header(REPLAYED_HEADER, 'true')
      return reply.code(result.statusCode).send(result.body)
    },
  )

  app.delete(
    '/me/addresses/:id',
    { schema: { params: AddressParams, response: responses({ 204: NoContent }) } },
    async (request, reply) => {
      const user = await request.requireUser()
      await removeAddress(db, { userId: user.id, id: request.params.id })
      return reply.code(204).send()
    },
  )
}

export default addressRoutes
