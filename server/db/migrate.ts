import { readdir, readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { Database } from './types.ts'

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url))
/** Arbitrary constant: several API nodes starting at once must not apply a migration twice. */
const MIGRATION_LOCK_ID = 7_150_001

/** Applies plain SQL files `NNN_name.sql` in order, each once, each in its own transaction. */
export async function migrate(db: Database): Promise<string[]> {
  // Under the lock too: two nodes' concurrent `create table if not exists` can both pass the
  // check, and the second then fails on the catalog's unique index (23505 on pg_type).
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID])
    await tx.query(`create table if not exists schema_migrations (
      name text primary key,
      applied_at timestamptz not null default now()
    )`)
  })
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort()
  const applied: string[] = []
  for (const name of files) {
    const sql = await readFile(MIGRATIONS_DIR + name, 'utf8')
    const didApply = await db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID])
      const done = await tx.query('select 1 from schema_migrations where name = $1', [name])
      if (done.rowCount > 0) return false
      for (const statement of splitStatements(sql)) await tx.query(statement)
      await tx.query('insert into schema_migrations (name) values ($1)', [name])
      return true
    })
    if (didApply) applied.push(name)
  }
  return applied
}

/**
 * Extended-protocol queries take one statement each. Our migrations keep statements separated by a
 * line holding only `;` or ending in `;` outside dollar quotes — enough for plain DDL.
 */
export function splitStatements(sql: string): string[] {
  const statements: string[] = []
  let current = ''
  let inDollar = false
  for (const line of sql.split('\n')) {
    if (/^\s*--/.test(line) && !inDollar) continue
    const dollarCount = (line.match(/\$\$/g) ?? []).length
    if (dollarCount % 2 === 1) inDollar = !inDollar
    current += line + '\n'
    if (!inDollar && /;\s*$/.test(line)) {
      statements.push(current.trim())
      current = ''
    }
  }
  if (current.trim()) statements.push(current.trim())
  return statements
}
