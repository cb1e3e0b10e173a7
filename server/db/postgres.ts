import pg from 'pg'
import { translateDatabaseError } from './errors.ts'
import type { Database, Queryable } from './types.ts'

/** PostgreSQL error codes worth one more attempt: the transaction lost a race, nothing was applied. */
const RETRYABLE = new Set(['40001', '40P01'])
const MAX_ATTEMPTS = 5
/**
 * A request waits at most this long for a connection (a database that hangs instead of refusing,
 * or a pool exhausted by one), then gets 503 instead of waiting forever.
 */
export const CONNECT_TIMEOUT_MS = 5_000

/**
 * Same parsing as PGlite so rows look identical on both: int8/numeric as numbers (money is integer
 * cents, far below 2^53), timestamps as Date.
 */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === 20 || oid === 1700) return (value: string) => Number(value)
    return pg.types.getTypeParser(oid, format)
  },
}

async function run<Row>(target: pg.Pool | pg.PoolClient, sql: string, params: unknown[]) {
  try {
    const result = await target.query(sql, params)
    return { rows: result.rows as Row[], rowCount: result.rowCount ?? 0 }
  } catch (error) {
    throw translateDatabaseError(error)
  }
}

/**
 * Every failure to reach the server leaves as DatabaseUnavailableError (db/errors.ts). The pool
 * itself survives an outage: broken connections are dropped and new ones are opened on demand, so
 * the API recovers by itself when the database is back.
 */
export async function openPostgres(connectionString: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    types,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
  })
  // An idle connection dropped by the server (restart, failover, a forced drop in tests) must not
  // take the process down as an unhandled 'error' event; the pool replaces it on the next query.
  pool.on('error', (error) => {
    console.warn(`PostgreSQL connection lost: ${error.message}`)
  })
  // Fail at start with a clear message instead of on the first request.
  try {
    await run(pool, 'select 1', [])
  } catch (error) {
    await pool.end().catch(() => undefined)
    throw error
  }
  return {
    kind: 'postgres',
    query: <Row>(sql: string, params: unknown[] = []) => run<Row>(pool, sql, params),
    async transaction(work) {
      for (let attempt = 1; ; attempt++) {
        const client = await pool.connect().catch((error: unknown) => {
          throw translateDatabaseError(error)
        })
        // pg-pool listens for 'error' only on idle clients: a checked-out one whose server goes
        // away (shutdown, restart, kill) would emit an unhandled 'error' and crash the process.
        let lost: Error | undefined
        const onLost = (error: Error) => (lost = error)
        client.on('error', onLost)
        const tx: Queryable = {
          query: <Row>(sql: string, params: unknown[] = []) => run<Row>(client, sql, params),
        }
        try {
          await tx.query('begin')
          const value = await work(tx)
          await tx.query('commit')
          return value
        } catch (error) {
          if (!lost) await client.query('rollback').catch(() => undefined)
          const code = (error as { code?: string }).code
          if (!lost && code && RETRYABLE.has(code) && attempt < MAX_ATTEMPTS) continue
          throw error
        } finally {
          client.off('error', onLost)
          // A broken connection is destroyed, not returned to the pool.
          client.release(lost)
        }
      }
    },
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  }
}
