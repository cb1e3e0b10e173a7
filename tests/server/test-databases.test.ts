import { describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/types.ts'
import { createTestDatabase } from './helpers.ts'

/**
 * The suites' own databases (tests/server/helpers.ts). On PGlite a database a file closes is
 * handed on to the next file in the worker, emptied (docs/testing.md, "How long the suites
 * take"); whatever one file leaves, the next starts from the migrated snapshot as if it were new.
 */
async function count(db: Database, table: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from ${table}`)
  return rows[0]!.n
}

/** A member and one ledger entry; the entry's id, from its identity sequence. */
async function memberWithEntry(db: Database): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into users (name, email, password_hash, alias)
     values ('Tess', 'tess@example.test', 'x', 'tess') returning id`,
  )
  const entry = await db.query<{ id: string }>(
    `insert into ledger_entries (user_id, kind, amount) values ($1, 'adjustment', 100)
     returning id::text`,
    [rows[0]!.id],
  )
  return entry.rows[0]!.id
}

describe('test databases', () => {
  it('the next database has no rows but the applied migrations, sequences at their start, default settings', async () => {
    const first = await createTestDatabase()
    const migrations = await count(first, 'schema_migrations')
    expect(migrations).toBeGreaterThan(0)
    const firstId = await memberWithEntry(first)
    await first.query(`insert into ledger_entries (user_id, kind, amount)
      select user_id, 'adjustment', 5 from ledger_entries`)
    await first.query(`set statement_timeout = '1234s'`)
    await first.query('select pg_advisory_lock(42)')
    await first.close()

    const next = await createTestDatabase()
    try {
      for (const table of ['users', 'wallets', 'ledger_entries'])
        expect(await count(next, table)).toBe(0)
      expect(await count(next, 'schema_migrations')).toBe(migrations)
      expect(await memberWithEntry(next)).toBe(firstId)
      const { rows } = await next.query<{ timeout: string }>('show statement_timeout')
      expect(rows[0]!.timeout).not.toBe('1234s')
      expect(await count(next, `pg_locks where locktype = 'advisory'`)).toBe(0)
    } finally {
      await next.close()
    }
  })

  it('a database whose structure a test changed is not handed on', async () => {
    const changed = await createTestDatabase()
    await changed.query('alter table lots add column left_behind integer')
    await changed.close()

    const next = await createTestDatabase()
    try {
      const column = `information_schema.columns
        where table_name = 'lots' and column_name = 'left_behind'`
      expect(await count(next, column)).toBe(0)
    } finally {
      await next.close()
    }
  })

  it('a closed database answers nothing to the file that closed it', async () => {
    const db = await createTestDatabase()
    await db.close()
    await expect(db.query('select 1')).rejects.toThrow()
  })
})
