import { mkdir } from 'node:fs/promises'
import { PGlite } from '@electric-sql/pglite'
import type { Database, Queryable, QueryResult } from './types.ts'

function adapt<Row>(result: { rows: Row[]; affectedRows?: number }): QueryResult<Row> {
  // pg reports selected rows in rowCount too; PGlite only counts changed ones.
  return { rows: result.rows, rowCount: Math.max(result.rows.length, result.affectedRows ?? 0) }
}

export interface PgliteDatabase extends Database {
  /** The whole cluster as a tarball, for `loadDataDir` (the tests' migrated snapshot). */
  dumpDataDir(): Promise<Blob>
}

/**
 * Embedded PostgreSQL (WASM). One connection, so transactions are already serial; PGlite queues
 * concurrent callers behind its own mutex. `dataDir` undefined = in memory (tests). `loadDataDir`
 * starts from a dump of another instance (`dumpDataDir`) instead of an empty cluster.
 */
export async function openPglite(
  dataDir: string | undefined,
  options: { loadDataDir?: Blob } = {},
): Promise<PgliteDatabase> {
  if (dataDir) await mkdir(dataDir, { recursive: true })
  const db = await PGlite.create({ ...(dataDir ? { dataDir } : {}), ...options })
  const query = async <Row>(sql: string, params: unknown[] = []) =>
    adapt(await db.query<Row>(sql, params as never[]))
  return {
    kind: 'pglite',
    query,
    async transaction(work) {
      return db.transaction((tx) => {
        const q: Queryable = {
          query: async <Row>(sql: string, params: unknown[] = []) =>
            adapt(await tx.query<Row>(sql, params as never[])),
        }
        return work(q)
      })
    },
    close: () => db.close(),
    dumpDataDir: () => db.dumpDataDir('none'),
  }
}
