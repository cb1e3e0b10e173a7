import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { readSavedSearch } from '../../../common/saved-searches.ts'
import { isUuid } from '../../../common/wire.ts'
import type { Database } from '../../db/types.ts'
import { AppError, notFound } from '../../lib/problem.ts'
import {
  deleteSavedSearch,
  insertSavedSearch,
  listSavedSearches,
} from '../../repositories/saved-searches.ts'
import {
  SavedSearchBody,
  SavedSearchListSchema,
  SavedSearchSchema,
} from '../../schemas/saved-searches.ts'
import { responses } from '../../schemas/shared.ts'

const NoContent = Type.Unsafe<undefined>({ type: 'null', description: 'Deleted.' })
const SearchParams = Type.Object({ id: Type.String({ maxLength: 64 }) })

/**
 * The signed-in member's saved searches (issue 32; docs/product.md "Saved searches"); another
 * member's search is never reachable: its id answers 404 like an unknown one.
 */
const savedSearchRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/me/saved-searches',
    { schema: { response: responses({ 200: SavedSearchListSchema }) } },
    async (request) => {
      const user = await request.requireUser()
      return { items: await listSavedSearches(db, user.id) }
    },
  )

  app.post(
    '/me/saved-searches',
    { schema: { body: SavedSearchBody, response: responses({ 201: SavedSearchSchema }) } },
    async (request, reply) => {
      const user = await request.requireUser()
      const read = readSavedSearch(request.body)
      if (!read.ok)
        throw new AppError(422, 'validation_failed', 'Some fields need attention.', read.errors)
      const { name, filters, minCents, maxCents } = read
      const saved = await db.transaction((tx) =>
        insertSavedSearch(tx, user.id, { ...filters, name, minCents, maxCents }),
      )
      return reply.code(201).send(saved)
    },
  )

  app.delete(
    '/me/saved-searches/:id',
    { schema: { params: SearchParams, response: responses({ 204: NoContent }) } },
    async (request, reply) => {
      const user = await request.requireUser()
      const id = request.params.id.toLowerCase()
      if (!isUuid(id) || !(await deleteSavedSearch(db, user.id, id))) throw notFound('Saved search')
      return reply.code(204).send()
    },
  )
}

export default savedSearchRoutes
