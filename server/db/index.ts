import { join } from 'node:path'
import type { Database } from './types.ts'
import { openPglite } from './pglite.ts'
import { openPostgres } from './postgres.ts'

export type { Database, Queryable } from './types.ts'

/** PostgreSQL when DATABASE_URL is set, otherwise PGlite files under `${dataDir}/pglite`. */
export async function openDatabase(options: {
  databaseUrl?: string | undefined
  dataDir?: string | undefined
}): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl)
  return openPglite(options.dataDir ? join(options.dataDir, 'pglite') : undefined)
}
