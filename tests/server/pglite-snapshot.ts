import { rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { migrate } from '../../server/db/migrate.ts'
import { openPglite } from '../../server/db/pglite.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite cluster's tarball, or '' on PostgreSQL (docs/testing.md). */
    pgliteSnapshot: string
  }
}

/**
 * Global setup of the server project: migrates one empty PGlite once per run and leaves its dump in
 * a file, so each test database loads it instead of booting an empty cluster and running every
 * migration again (docs/testing.md, "How long the suites take").
 */
export default async function setup(project: TestProject) {
  if (process.env.LOTLINE_TEST_DATABASE === 'pg') {
    project.provide('pgliteSnapshot', '')
    return
  }
  const db = await openPglite(undefined)
  await migrate(db)
  const path = join(tmpdir(), `lotline-pglite-snapshot-${process.pid}.tar`)
  await writeFile(path, Buffer.from(await (await db.dumpDataDir()).arrayBuffer()))
  await db.close()
  project.provide('pgliteSnapshot', path)
  return () => rm(path, { force: true })
}
