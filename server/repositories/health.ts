import type { Queryable } from '../db/types.ts'

/** True when the database answers a trivial query (the health check's `database` dependency). */
export async function databaseAnswers(db: Queryable): Promise<boolean> {
  return (await db.query('select 1')).rowCount === 1
}
