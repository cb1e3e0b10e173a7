import { mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { migrate } from '../../server/db/migrate.ts'
import { openPglite } from '../../server/db/pglite.ts'
import { buildClientNow, E2E_TMP } from './harness.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** What every browser suite would otherwise make again per file (docs/testing.md). */
    e2eShared: { builds: Record<string, string>; pgliteTemplate: string }
  }
}

/** The label most files serve; files that need another build (updates, push) still make theirs. */
export const SHARED_LABELS = ['v1']

/**
 * Global setup of the e2e project: builds the common client once per run and migrates one empty
 * PGlite cluster that each server's data directory starts from, instead of each file building the
 * same bundle and each server start running initdb and every migration (3–25 s each, by load).
 */
export default async function setup(project: TestProject) {
  const runDir = join(E2E_TMP, `run-${process.pid}`)
  await mkdir(runDir, { recursive: true })
  const builds: Record<string, string> = {}
  for (const label of SHARED_LABELS) builds[label] = buildClientNow(label, join(runDir, label))
  const pgliteTemplate = join(runDir, 'pglite')
  const db = await openPglite(pgliteTemplate)
  await migrate(db)
  await db.close()
  project.provide('e2eShared', { builds, pgliteTemplate })
  return () => rm(runDir, { recursive: true, force: true })
}
