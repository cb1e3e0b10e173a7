import { Type, type Static, type TSchema } from '@fastify/type-provider-typebox'
import { ERROR_CODES, PROBLEM_CONTENT_TYPE, type Problem } from '../../common/errors.ts'

/**
 * Response schemas: what each route answers, listed field by field. Fastify serializes a route's
 * answers with them (fast-json-stringify), so a field missing here would be dropped from the
 * response; `additionalProperties: false` on every object says so on purpose, and @fastify/swagger
 * publishes them as the OpenAPI document (`GET /api/openapi.json`).
 *
 * Each schema that mirrors a shape in common/ is checked against it at compile time with `Same`:
 * the two types must be assignable both ways, so neither can gain, lose or retype a field alone.
 */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false

/** A closed object: every field is listed, nothing else may leave. */
export const Closed = <P extends Record<string, TSchema>>(properties: P) =>
  Type.Object(properties, { additionalProperties: false })

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()])

/** ISO-8601 timestamps, as the server writes them (`Date#toISOString`). */
export const Timestamp = Type.String({ format: 'date-time' })

/** `{ items, nextCursor }`: a page of a list; `nextCursor` is null on the last page. */
export const Page = <T extends TSchema>(item: T) =>
  Closed({ items: Type.Array(item), nextCursor: Nullable(Type.String()) })

/** RFC 9457 problem details as server/lib/problem.ts builds them (server/plugins/error-handler.ts). */
export const ProblemSchema = Closed({
  type: Type.String(),
  title: Type.String(),
  status: Type.Integer({ minimum: 400, maximum: 599 }),
  code: Type.Enum(ERROR_CODES),
  detail: Type.String(),
  /** Per-field messages for validation errors, keyed by field name. */
  errors: Type.Optional(Type.Record(Type.String(), Type.String())),
  /** The amount the problem is about, minor units (account_has_money: what is still there). */
  amount: Type.Optional(Type.Integer()),
  instance: Type.Optional(Type.String()),
})
const _problem: Same<Static<typeof ProblemSchema>, Problem> = true

/** Every refusal and failure: application/problem+json with the Problem schema. */
const problemResponse = (description: string) => ({
  description,
  content: { [PROBLEM_CONTENT_TYPE]: { schema: ProblemSchema } },
})

/** The error responses every route may give (validation, authentication, limits, outages...). */
export const PROBLEM_RESPONSES = {
  '4xx': problemResponse('The request was refused (problem details name the reason).'),
  '5xx': problemResponse('The server could not answer (problem details name the reason).'),
}

/** A route's `response` map: its success answers, and problem+json for every error. */
export const responses = <R extends Record<number, TSchema>>(success: R) => ({
  ...success,
  ...PROBLEM_RESPONSES,
})
