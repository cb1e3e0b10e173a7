import { access, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { LotImageType } from '../../common/auction.ts'
import type { Queryable } from '../db/types.ts'
import { EXTENSIONS } from '../lib/images.ts'
import { writeAtomically } from '../lib/picture-files.ts'
import { cleanedOriginal } from '../lib/picture-sizes.ts'
import { allPicturePaths } from '../repositories/lot-pictures.ts'

/** Written under the uploads folder once every original there is clean: later starts skip the scan. */
export const CLEAN_MARKER = '.originals-clean-0047'

const TYPE_OF_EXTENSION = new Map(
  Object.entries(EXTENSIONS).map(([type, ext]) => [ext, type as LotImageType]),
)

interface Log {
  info: (obj: object, msg: string) => void
  warn: (obj: object, msg: string) => void
}

/**
 * Originals stored by versions before decision 0047 were the uploads as they came, EXIF and GPS
 * included. At start, before the server listens, each is re-encoded in place as uploads are now
 * (upright, no metadata); one that already carries nothing is left as it is, so a start cut short
 * loses no work. A file that cannot be decoded cannot be checked: it is deleted rather than served.
 * Runs once per uploads folder (the marker), one node at a time (the caller's startup lock).
 */
export async function cleanStoredOriginals(
  db: Queryable,
  uploadsDir: string,
  log: Log,
): Promise<{ cleaned: number; removed: number } | undefined> {
  const marker = join(uploadsDir, CLEAN_MARKER)
  if (await exists(marker)) return undefined
  let cleaned = 0
  let removed = 0
  for (const path of await allPicturePaths(db)) {
    const file = join(uploadsDir, path)
    const type = TYPE_OF_EXTENSION.get(path.slice(path.lastIndexOf('.') + 1))
    const bytes = await readFile(file).catch(() => undefined)
    if (!bytes || !type) continue
    try {
      const clean = await cleanedOriginal(bytes, type)
      if (!clean) continue
      await writeAtomically(file, clean)
      cleaned++
    } catch (error) {
      log.warn({ path, err: error }, 'stored picture could not be decoded; deleted, not served')
      await rm(file, { force: true })
      removed++
    }
  }
  await mkdir(uploadsDir, { recursive: true })
  await writeFile(marker, `${new Date().toISOString()}\n`)
  if (cleaned || removed) log.info({ cleaned, removed }, 'stored picture originals re-encoded')
  return { cleaned, removed }
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  )
