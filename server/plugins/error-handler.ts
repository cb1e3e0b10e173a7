import type { FastifyError, FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { PROBLEM_CONTENT_TYPE, type ErrorCode } from '../../common/errors.ts'
import { AppError, toProblem } from '../lib/problem.ts'

interface AjvIssue {
  instancePath: string
  keyword: string
  params: Record<string, unknown>
  message?: string
}

/** Human messages for schema failures, one per field (the first failure wins). */
function fieldErrors(issues: AjvIssue[]): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const issue of issues) {
    const field =
      issue.keyword === 'required'
        ? String(issue.params.missingProperty)
        : issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body'
    if (errors[field]) continue
    errors[field] = describe(issue)
  }
  return errors
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
      return `Must be a ${String(p.type)}.`
    case 'pattern':
    case 'format':
      return 'Is not in a valid format.'
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

/** Fastify's own 4xx errors mapped to our stable codes. */
function codeForStatus(status: number): ErrorCode {
  if (status === 413) return 'payload_too_large'
  if (status === 415) return 'unsupported_media_type'
  if (status === 429) return 'rate_limited'
  if (status === 404) return 'not_found'
  return 'bad_request'
}

/** The one error handler: every error leaves as application/problem+json. */
export default fp(async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let problem
    if (error instanceof AppError) {
      problem = toProblem(error.status, error.code, error.message, error.errors)
    } else if (error.validation) {
      const errors = fieldErrors(error.validation as AjvIssue[])
      problem = toProblem(422, 'validation_failed', 'Some fields need attention.', errors)
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      problem = toProblem(error.statusCode, codeForStatus(error.statusCode), error.message)
    } else {
      request.log.error({ err: error }, 'unhandled error')
      problem = toProblem(500, 'internal_error', 'Something went wrong on our side. Try again.')
    }
    if (problem.status >= 500 && error instanceof AppError) request.log.error({ err: error })
    void reply.status(problem.status).type(PROBLEM_CONTENT_TYPE).send(problem)
  })
})
