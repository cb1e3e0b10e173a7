import pg from 'pg'
import type { Database, Queryable } from './types.ts'

/** PostgreSQL error codes worth one more attempt: the transaction lost a race, nothing was applied. */
const RETRYABLE = new Set(['40001', '40P01'])
const MAX_ATTEMPTS = 5

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

export async function openPostgres(connectionString: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: poolSize, types })
  // An idle connection dropped by the server (restart, failover, a forced drop in tests) must not
  // take the process down as an unhandled 'error' event; the pool replaces it on the next query.
  pool.on('error', (error) => {
    console.warn(`PostgreSQL connection lost: ${error.message}`)
  })
  // Fail at start with a clear message instead of on the first request.
  await pool.query('select 1')
  return {
    kind: 'postgres',
    async query<Row>(sql: string, params: unknown[] = []) {
      const result = await pool.query(sql, params)
      return { rows: result.rows as Row[], rowCount: result.rowCount ?? 0 }
    },
    async transaction(work) {
      for (let attempt = 1; ; attempt++) {
        const client = await pool.connect()
        const tx: Queryable = {
          async query<Row>(sql: string, params: unknown[] = []) {
            const result = await client.query(sql, params)
            return { rows: result.rows as Row[], rowCount: result.rowCount ?? 0 }
          },
        }
        try {
          await client.query('begin')
          const value = await work(tx)
          await client.query('commit')
          return value
        } catch (error) {
          await client.query('rollback').catch(() => undefined)
          const code = (error as { code?: string }).code
          if (code && RETRYABLE.has(code) && attempt < MAX_ATTEMPTS) continue
          throw error
        } finally {
          client.release()
        }
      }
    },
    close: () => pool.end(),
  }
}
