/**
 * The one data-layer contract. PGlite (embedded) and PostgreSQL (DATABASE_URL) both implement it,
 * and every repository takes a `Queryable` — a transaction or the database itself — so the same SQL
 * runs unchanged on both.
 */
export interface QueryResult<Row> {
  rows: Row[]
  rowCount: number
}

export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<Row>>
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres'
  /** Runs `work` in one transaction; commits when it resolves, rolls back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>
  close(): Promise<void>
  /** The connection pool's use, for GET /metrics (PostgreSQL; PGlite has one connection). */
  poolStats?(): PoolStats
}

export interface PoolStats {
  /** Open connections. */
  total: number
  idle: number
  /** Queries waiting for a connection: above zero for long, the pool is too small. */
  waiting: number
}
