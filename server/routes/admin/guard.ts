import { Type } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { REASON_MAX_LENGTH, REASON_MIN_LENGTH } from '../../../common/admin.ts'
import { VISIBLE_TEXT_FORMAT } from '../../../common/auction.ts'
import { forbidden } from '../../lib/problem.ts'

/**
 * Every admin route asks who is calling before it looks at the input: a guest gets 401, a member
 * 403 (problem+json), and neither learns whether their input was valid. Runs at preValidation, so
 * the body is parsed but not yet checked.
 */
export function requireAdmin(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const user = await request.requireUser()
    if (user.role !== 'admin') throw forbidden('Only administrators can use the admin area.')
  })
}

/** Why an admin did something: required, one line, 3–200 characters. */
export const Reason = Type.String({
  minLength: REASON_MIN_LENGTH,
  maxLength: REASON_MAX_LENGTH,
  format: VISIBLE_TEXT_FORMAT,
})
