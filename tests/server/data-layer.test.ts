import { readdir } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrate, splitStatements } from '../../server/db/migrate.ts'
import { openPglite } from '../../server/db/pglite.ts'
import { seedDemoData, DEMO_STARTING_CREDIT } from '../../server/jobs/seed-demo-data.ts'
import { findUserByEmail } from '../../server/repositories/users.ts'
import { walletOf } from '../../server/repositories/wallets.ts'
import type { Database } from '../../server/db/types.ts'
import { createTestDatabase, onPostgres } from './helpers.ts'

let db: Database
beforeAll(async () => {
  db = await createTestDatabase()
})
afterAll(() => db.close())

describe(`data layer on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('applies each migration once, however often start-up runs', async () => {
    expect(await migrate(db)).toEqual([])
    const { rows } = await db.query<{ name: string }>(
      'select name from schema_migrations order by name',
    )
    const files = (await readdir(new URL('../../server/db/migrations/', import.meta.url)))
      .filter((f) => f.endsWith('.sql'))
      .sort()
    expect(files.length).toBeGreaterThanOrEqual(4)
    expect(rows.map((r) => r.name)).toEqual(files)
  })

  it('returns the same row shapes on both engines: numbers for bigint, Date for timestamptz', async () => {
    const { rows } = await db.query<{ big: unknown; at: unknown; n: unknown }>(
      'select 12345::bigint as big, now() as at, count(*) as n from users',
    )
    expect(typeof rows[0]!.big).toBe('number')
    expect(rows[0]!.at).toBeInstanceOf(Date)
    expect(typeof rows[0]!.n).toBe('number')
  })

  it('rolls back a failed transaction completely', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query(
          `insert into users (name, email, password_hash, alias) values ('X', 'tx@example.test', 'h', 'Bidder TX01')`,
        )
        throw new Error('boom')
      }),
    ).rejects.toThrow('boom')
    expect(await findUserByEmail(db, 'tx@example.test')).toBeUndefined()
  })

  it('seeds demo data once: an admin, three members with 500.00 each, open lots', async () => {
    expect(await seedDemoData(db)).toBe(true)
    expect(await seedDemoData(db)).toBe(false)
    const admin = await findUserByEmail(db, 'admin@lotline.test')
    expect(admin?.role).toBe('admin')
    // The seeded sales (decision 0026, issue 29): each seller's pending proceeds are those of
    // their orders not yet finished (decision 0051), and no money was made or lost on the way.
    const { rows: unfinished } = await db.query<{ email: string; proceeds: number }>(
      `select u.email, coalesce(sum(o.hammer - o.seller_fee + o.shipping), 0)::int as proceeds
         from users u left join orders o on o.seller_id = u.id
              and o.state not in ('completed', 'refunded')
        group by u.email`,
    )
    expect(unfinished.find((r) => r.email === 'carol@lotline.test')!.proceeds).toBeGreaterThan(0)
    for (const name of ['alice', 'bob', 'carol'] as const) {
      const user = await findUserByEmail(db, `${name}@lotline.test`)
      expect(user?.role).toBe('member')
      const wallet = await walletOf(db, user!.id, 'EUR')
      const pending = unfinished.find((r) => r.email === `${name}@lotline.test`)!.proceeds
      expect(wallet.pending).toBe(pending)
      // Whatever they bought in the demo, each still has their starting credit to bid with.
      expect(wallet.available).toBe(DEMO_STARTING_CREDIT)
    }
    // Only demo credit came in from outside: every sale and move only moved it, and the ledger,
    // its counterparts included, sums to zero.
    const { rows: sums } = await db.query<{ total: number; outside: string[] }>(
      `select sum(amount)::int as total,
              array_agg(distinct kind) filter (where account = 'outside') as outside
         from ledger_entries`,
    )
    expect(sums[0]).toEqual({ total: 0, outside: ['demo_credit'] })
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from lots where status = 'open' and ends_at > now()`,
    )
    expect(rows[0]!.n).toBeGreaterThanOrEqual(3)
  })
})

/** What the migrations built: columns, constraints, indexes, functions and triggers, as text. */
async function schemaOf(database: Database): Promise<string[]> {
  const { rows } = await database.query<{ item: string }>(`
    select format('column %s.%s %s null=%s default=%s', table_name, column_name, data_type,
                  is_nullable, column_default) as item
      from information_schema.columns where table_schema = 'public'
    union all
    select format('constraint %s %s %s', conrelid::regclass, conname, pg_get_constraintdef(oid))
      from pg_constraint where connamespace = 'public'::regnamespace
    union all
    select 'index ' || indexdef from pg_indexes where schemaname = 'public'
    union all
    select format('function %s %s', proname, md5(prosrc))
      from pg_proc where pronamespace = 'public'::regnamespace
    union all
    select format('trigger %s on %s', tgname, tgrelid::regclass)
      from pg_trigger where not tgisinternal
    order by 1`)
  return rows.map((r) => r.item)
}

describe.skipIf(onPostgres)('migrations from an empty PGlite (the start-up path)', () => {
  it('apply every file in order and build the schema the test databases start from', async () => {
    const fresh = await openPglite(undefined)
    try {
      const files = (await readdir(new URL('../../server/db/migrations/', import.meta.url)))
        .filter((f) => f.endsWith('.sql'))
        .sort()
      expect(await migrate(fresh)).toEqual(files)
      const built = await schemaOf(fresh)
      expect(built.length).toBeGreaterThan(50)
      expect(built).toEqual(await schemaOf(db))
    } finally {
      await fresh.close()
    }
    // An empty cluster's initdb took 25 s on a loaded 2-core machine (4 s idle).
  }, 120_000)
})

describe('splitStatements', () => {
  it('splits on statement ends, keeps dollar-quoted bodies whole, drops comment lines', () => {
    const sql = `-- c\ncreate table a (x int);\ncreate function f() returns int as $$\nbegin\n  return 1;\nend;\n$$ language plpgsql;\n`
    const parts = splitStatements(sql)
    expect(parts).toHaveLength(2)
    expect(parts[1]).toContain('return 1;')
  })
})
