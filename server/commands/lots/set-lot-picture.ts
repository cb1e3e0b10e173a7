import { createHash, randomUUID } from 'node:crypto'
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { LotImageType, LotSummary } from '../../../common/auction.ts'
import type { Database } from '../../db/types.ts'
import { EXTENSIONS } from '../../lib/images.ts'
import { findLot, setLotImage, toSummary } from '../../repositories/lots.ts'
import { runCommand, type Audience } from '../run-command.ts'
import { checkPictureChange, pictureLocked } from './check-picture-change.ts'

/**
 * Sets a lot's picture. Files are named by the lot and their content hash (cacheable forever),
 * written aside and renamed — a reader never sees half a file, and two uploads at once never
 * share a temporary file. The lot's version moves and watchers get `lot.updated`.
 */
export async function setLotPicture(
  deps: { db: Database; uploadsDir: string },
  input: { userId: string; lotId: string; image: Buffer; type: LotImageType },
  publishTo: Audience,
): Promise<LotSummary> {
  const { db, uploadsDir } = deps
  const { lotId, image } = input
  /** Removes a picture file no lot points at any more; a file already gone is fine. */
  const remove = (name: string) => rm(join(uploadsDir, name), { force: true })
  checkPictureChange(await findLot(db, lotId), input.userId, new Date())
  const hash = createHash('sha256').update(image).digest('hex').slice(0, 20)
  const name = `lots/${lotId}-${hash}.${EXTENSIONS[input.type]}`
  await mkdir(join(uploadsDir, 'lots'), { recursive: true })
  const temporary = join(uploadsDir, `${name}.${randomUUID()}.tmp`)
  try {
    await writeFile(temporary, image, { flag: 'wx' })
    await rename(temporary, join(uploadsDir, name))
  } finally {
    await rm(temporary, { force: true })
  }
  const set = await setLotImage(db, lotId, name)
  if (!set) {
    // The lot ended while the file was written: it keeps its picture, the new file goes.
    if ((await findLot(db, lotId))?.image_path !== name) await remove(name)
    throw pictureLocked()
  }
  // The replaced picture is referenced by no lot (names start with the lot's id): delete it.
  if (set.replaced && set.replaced !== name) await remove(set.replaced)
  const { body } = await runCommand(db, { publishTo }, async (tx, events) => {
    const summary = toSummary((await findLot(tx, lotId))!)
    events.lotUpdated(summary)
    return summary
  })
  return body
}
