import { codeForStatus, isErrorCode, type ErrorCode, type Problem } from '../../common/errors'
import { HTTPError, type KyRequest, type KyResponse, type NormalizedOptions } from 'ky'

/**
 * An HTTP error answered by our API (or something in front of it), with the RFC 9457
 * problem+json body parsed. Extends ky's HTTPError so ky's own hooks accept it.
 *
 * This module loads when an answer is an error (client.ts), not with the entry: no first screen
 * needs it (decision 0044). Code checks for one with `isApiError` (errors.ts), screens too: a
 * screen importing this class would download it on every first visit (ESLint forbids it).
 */
export class ApiError extends HTTPError {
  override readonly name = 'ApiError'
  readonly status: number
  /** Stable code from common/errors.ts; derived from the status when the body is not ours. */
  readonly code: ErrorCode
  /** The server's human message (English), used when no translation exists. */
  readonly detail: string
  /** Per-field messages for validation errors ({} when none). */
  readonly fieldErrors: Readonly<Record<string, string>>
  /** The parsed body, or null if the response was not problem+json. */
  readonly problem: Problem | null
  /** The amount the problem is about, minor units (`Problem.amount`); null when it has none. */
  readonly amount: number | null

  constructor(
    response: KyResponse,
    request: KyRequest,
    options: NormalizedOptions,
    problem: Problem | null,
  ) {
    super(response, request, options)
    this.status = response.status
    this.problem = problem
    this.code = problem && isErrorCode(problem.code) ? problem.code : codeForStatus(response.status)
    this.detail =
      problem?.detail || problem?.title || response.statusText || `HTTP ${response.status}`
    this.fieldErrors = problem?.errors ?? {}
    this.amount = Number.isSafeInteger(problem?.amount) ? problem!.amount! : null
    this.message = `${this.status} ${this.code}: ${this.detail}`
  }
}

function looksLikeProblem(value: unknown): value is Problem {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { status?: unknown }).status === 'number' &&
    typeof (value as { code?: unknown }).code === 'string'
  )
}

/** Reads a problem+json (or plain JSON problem) body; never throws. */
export async function readProblem(response: Response): Promise<Problem | null> {
  const type = response.headers.get('content-type') ?? ''
  if (!type.includes('json')) return null
  try {
    const body: unknown = await response.clone().json()
    if (!looksLikeProblem(body)) return null
    const errors = body.errors
    const fieldErrors =
      errors && typeof errors === 'object' && !Array.isArray(errors)
        ? Object.fromEntries(
            Object.entries(errors).map(([k, v]) => [
              k,
              Array.isArray(v) ? String(v[0]) : String(v),
            ]),
          )
        : undefined
    return { ...body, errors: fieldErrors }
  } catch {
    return null
  }
}

/** ky's error for a non-2xx answer, as the app's typed error with the problem+json body read. */
export async function toApiError(error: HTTPError): Promise<ApiError> {
  const problem = await readProblem(error.response)
  return new ApiError(error.response, error.request, error.options, problem)
}
