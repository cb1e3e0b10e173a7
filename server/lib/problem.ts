import type { ErrorCode, Problem } from '../../common/errors.ts'

/** An error the API means to show: it becomes one problem+json response with a stable code. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    detail: string,
    readonly errors?: Record<string, string>,
    /** Sent as Retry-After: when trying again may succeed (a 503 for work the server is busy with). */
    readonly retryAfterSeconds?: number,
  ) {
    super(detail)
  }

  /** The amount the problem is about, in minor units (`Problem.amount`). */
  amount?: number

  /** This error, carrying the amount it is about (e.g. the money still in an account). */
  withAmount(amount: number): this {
    this.amount = amount
    return this
  }
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Content Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
}

export function toProblem(
  status: number,
  code: ErrorCode,
  detail: string,
  errors?: Record<string, string>,
  amount?: number,
): Problem {
  return {
    type: `https://lotline.app/problems/${code.replaceAll('_', '-')}`,
    title: TITLES[status] ?? 'Error',
    status,
    code,
    detail,
    ...(errors ? { errors } : {}),
    ...(amount !== undefined ? { amount } : {}),
  }
}

export const notFound = (what = 'Resource') => new AppError(404, 'not_found', `${what} not found.`)
export const unauthenticated = () => new AppError(401, 'unauthenticated', 'Sign in to continue.')
export const forbidden = (detail = 'You are not allowed to do this.') =>
  new AppError(403, 'forbidden', detail)
