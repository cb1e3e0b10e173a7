import type { Database } from './types.ts'

/** Arbitrary constant, beside the migrations' own (db/migrate.ts). */
const STARTUP_LOCK_ID = 7_150_002

/**
 * Runs one-off start-up work (the local-mode demo seed and its pictures) on one node at a time.
 * Several nodes started together on a fresh PostgreSQL would otherwise all find it empty and all
 * seed: the second one's inserts collide with the first's and it crashes at start. The lock is
 * held by a transaction on one pooled connection while `work` runs on others, so `work` keeps its
 * own transactions (the seed bids and closes a lot through the real commands). The next node
 * gets the lock once the first is done and finds nothing left to do. PGlite has one process and
 * one connection (its data folder is locked by lib/data-dir-lock.ts), so it runs `work` directly.
 */
export async function withStartupLock<T>(db: Database, work: () => Promise<T>): Promise<T> {
  if (db.kind !== 'postgres') return work()
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [STARTUP_LOCK_ID])
    return work()
  })
}
