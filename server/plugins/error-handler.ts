import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { LINE_OF_TEXT_MESSAGE, VISIBLE_TEXT_FORMAT } from '../../common/auction.ts'
import { codeForStatus, PROBLEM_CONTENT_TYPE } from '../../common/errors.ts'
import { isDatabaseUnavailable } from '../db/errors.ts'
import { AppError, toProblem } from '../lib/problem.ts'

/** Seconds a client is told to wait before retrying while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5

/** Where Fastify found a schema failure, as we name it in `errors`. */
const LOCATIONS: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'params',
  headers: 'headers',
}

interface AjvIssue {
  instancePath: string
  keyword: string
  params: Record<string, unknown>
  message?: string
}

/**
 * Human messages for schema failures, one per field (the first failure wins). A field is named by
 * its path (`title`, `ids.3`, `cursor`); a failure of the whole body, query string or path (an
 * unknown field, a body that is not an object) by its location: `body`, `query` or `params`.
 */
function fieldErrors(issues: AjvIssue[], context: string | undefined): Record<string, string> {
  const location = LOCATIONS[context ?? 'body'] ?? 'body'
  const errors: Record<string, string> = {}
  for (const issue of issues) {
    const field =
      issue.keyword === 'required'
        ? String(issue.params.missingProperty)
        : issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || location
    if (errors[field]) continue
    errors[field] = describe(issue)
  }
  return errors
}

const TYPE_NAMES: Record<string, string> = {
  integer: 'a whole number',
  number: 'a number',
  string: 'text',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
}

function describe(issue: AjvIssue): string {
  const p = issue.params
  switch (issue.keyword) {
    case 'required':
      return 'This field is required.'
    case 'minLength':
      return `Must be at least ${String(p.limit)} characters.`
    case 'maxLength':
      return `Must be at most ${String(p.limit)} characters.`
    case 'minimum':
      return `Must be at least ${String(p.limit)}.`
    case 'maximum':
      return `Must be at most ${String(p.limit)}.`
    case 'type':
      return `Must be ${TYPE_NAMES[String(p.type)] ?? `a ${String(p.type)}`}.`
    case 'minItems':
      return `Must have at least ${String(p.limit)} items.`
    case 'maxItems':
      return `Must have at most ${String(p.limit)} items.`
    case 'pattern':
      return 'Is not in a valid format.'
    case 'format':
      return p.format === VISIBLE_TEXT_FORMAT ? LINE_OF_TEXT_MESSAGE : 'Is not in a valid format.'
    case 'additionalProperties':
      return `Unknown field "${String(p.additionalProperty)}".`
    case 'enum':
    case 'anyOf':
    case 'const':
      return 'Is not one of the allowed values.'
    default:
      return issue.message ?? 'Is not valid.'
  }
}

/**
 * Errors Fastify meets before any route or hook runs (a path that is not valid percent-encoding,
 * a path parameter over its length limit): the same problem+json as everything else, instead of
 * Fastify's own JSON. Given to Fastify as `frameworkErrors` (app.ts).
 */
export function frameworkErrors(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400
  const detail = status === 414 ? 'The address is too long.' : 'The address is not valid.'
  void reply
    .status(status)
    .type(PROBLEM_CONTENT_TYPE)
    .send(toProblem(status, 'bad_request', detail))
}

/** The one error handler: every error leaves as application/problem+json. */
export default fp(async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let problem
    if (error instanceof AppError) {
      problem = toProblem(error.status, error.code, error.message, error.errors, error.amount)
      if (error.retryAfterSeconds !== undefined)
        void reply.header('Retry-After', String(error.retryAfterSeconds))
    } else if (error.validation) {
      const errors = fieldErrors(error.validation as AjvIssue[], error.validationContext)
      problem = toProblem(422, 'validation_failed', 'Some fields need attention.', errors)
    } else if (isDatabaseUnavailable(error)) {
      // Not a bug of ours and not the client's: say so, and when to try again. A write whose
      // commit was cut off may have been applied; a retry with the same Idempotency-Key is safe.
      request.log.warn({ err: error }, 'database unavailable')
      void reply.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS))
      problem = toProblem(
        503,
        'service_unavailable',
        'Lotline cannot reach its database right now. Try again in a few seconds.',
      )
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      problem = toProblem(error.statusCode, codeForStatus(error.statusCode), error.message)
    } else {
      request.log.error({ err: error }, 'unhandled error')
      problem = toProblem(500, 'internal_error', 'Something went wrong on our side. Try again.')
    }
    // A 503 that says when to come back is load, not a fault: a warning, not an error.
    if (problem.status >= 500 && error instanceof AppError) {
      if (error.retryAfterSeconds === undefined) request.log.error({ err: error })
      else request.log.warn({ code: error.code }, error.message)
    }
    void reply.status(problem.status).type(PROBLEM_CONTENT_TYPE).send(problem)
  })
})
