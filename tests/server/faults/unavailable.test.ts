import { describe, expect, it } from 'vitest'
import { PROBLEM_CONTENT_TYPE } from '../../../common/errors.ts'
import {
  DatabaseUnavailableError,
  isDatabaseUnavailable,
  translateDatabaseError,
} from '../../../server/db/errors.ts'
import { openWhenReachable } from '../../../server/db/start.ts'
import type { Database } from '../../../server/db/types.ts'
import { DATABASE_RETRY_AFTER_SECONDS } from '../../../server/plugins/error-handler.ts'
import { createTestApp } from '../helpers.ts'

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code })

describe('what counts as "the database is unavailable"', () => {
  it.each([
    ['admin shutdown', pgError('57P01', 'terminating connection due to administrator command')],
    ['crash shutdown', pgError('57P02')],
    ['cannot connect now', pgError('57P03', 'the database system is starting up')],
    ['connection failure', pgError('08006')],
    ['connection refused by the server', pgError('08004')],
    ['too many connections', pgError('53300')],
    ['socket refused', pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['socket reset', pgError('ECONNRESET')],
    ['connection dropped', new Error('Connection terminated unexpectedly')],
    ['pool timeout', new Error('timeout exceeded when trying to connect')],
    ['every address refused', new AggregateError([pgError('ECONNREFUSED')], '')],
  ])('%s is unavailable', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true)
    expect(translateDatabaseError(error)).toBeInstanceOf(DatabaseUnavailableError)
  })

  it.each([
    ['unique violation', pgError('23505')],
    ['serialization failure', pgError('40001')],
    ['wrong password', pgError('28P01')],
    ['no such database', pgError('3D000')],
    ['a bug', new TypeError('cannot read properties of undefined')],
    ['not an error', 'ECONNREFUSED'],
  ])('%s is not', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false)
    expect(translateDatabaseError(error)).toBe(error)
  })
})

describe('waiting for the database at start', () => {
  it('retries while it is unavailable, then returns what opened', async () => {
    let attempts = 0
    const waits: number[] = []
    const opened = await openWhenReachable(
      async () => {
        attempts++
        if (attempts < 4) throw pgError('ECONNREFUSED')
        return 'db'
      },
      { timeoutMs: 5_000, firstDelayMs: 1, onRetry: (_e, wait) => waits.push(wait) },
    )
    expect(opened).toBe('db')
    expect(waits).toEqual([1, 2, 4])
  })

  it('gives up at once on a configuration error', async () => {
    let attempts = 0
    const wrongPassword = pgError('28P01', 'password authentication failed')
    await expect(
      openWhenReachable(
        () => {
          attempts++
          return Promise.reject(wrongPassword)
        },
        { timeoutMs: 5_000, firstDelayMs: 1 },
      ),
    ).rejects.toBe(wrongPassword)
    expect(attempts).toBe(1)
  })

  it('gives up with DatabaseUnavailableError when the time is up', async () => {
    const started = Date.now()
    await expect(
      openWhenReachable(() => Promise.reject(pgError('57P03')), {
        timeoutMs: 150,
        firstDelayMs: 20,
      }),
    ).rejects.toBeInstanceOf(DatabaseUnavailableError)
    expect(Date.now() - started).toBeGreaterThanOrEqual(140)
  })
})

describe('the API while its database is unavailable', () => {
  /** A database whose every call fails the way pg does when PostgreSQL is shutting down. */
  const down: Database = {
    kind: 'postgres',
    query: () =>
      Promise.reject(pgError('57P01', 'terminating connection due to administrator command')),
    transaction: () => Promise.reject(new Error('Connection terminated unexpectedly')),
    close: () => Promise.resolve(),
  }

  it('answers 503 service_unavailable problem+json with Retry-After, and /health says why', async () => {
    const t = await createTestApp({ db: down })
    try {
      const lots = await t.app.inject({ method: 'GET', url: '/api/lots' })
      expect(lots.statusCode).toBe(503)
      expect(lots.headers['content-type']).toContain(PROBLEM_CONTENT_TYPE)
      expect(lots.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS))
      expect(lots.json()).toMatchObject({ status: 503, code: 'service_unavailable' })
      expect(lots.body).not.toContain('administrator command')

      const health = await t.app.inject({ method: 'GET', url: '/health' })
      expect(health.statusCode).toBe(503)
      expect(health.json()).toMatchObject({ dependencies: { database: 'down' } })
    } finally {
      await t.app.close()
    }
  })
})
