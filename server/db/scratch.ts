/**
 * A throw-away PostgreSQL database for benchmarks and test suites: created under a random name on
 * the server `adminUrl` points at, migrated, and dropped (even with connections left) by `drop`.
 */
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { migrate } from './migrate.ts'
import { openPostgres } from './postgres.ts'
import type { Database } from './types.ts'

export interface ScratchDatabase {
  db: Database
  /** Drops the database; close `db` first. */
  drop(): Promise<void>
}

/** Creates and migrates `<prefix>_<random hex>`, opened with a pool of `poolSize` connections. */
export async function createScratchDatabase(
  adminUrl: string,
  prefix: string,
  poolSize: number,
): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`
  await asAdmin(adminUrl, `create database ${name}`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const db = await openPostgres(url.toString(), poolSize)
  await migrate(db)
  return { db, drop: () => asAdmin(adminUrl, `drop database if exists ${name} with (force)`) }
}

async function asAdmin(adminUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl })
  admin.on('error', () => undefined)
  await admin.connect()
  await admin.query(sql)
  await admin.end()
}
