import { createHash, randomUUID } from 'node:crypto'
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { LotImageType, LotSummary } from '../../../common/auction.ts'
import type { Database } from '../../db/types.ts'
import { EXTENSIONS } from '../../lib/images.ts'
import { findLot, lockLot, setLotImage, toSummary } from '../../repositories/lots.ts'
import { runCommand, type Audience } from '../run-command.ts'
import { checkPictureChange, pictureLocked } from './check-picture-change.ts'

/**
 * Sets a lot's picture. Files are named by the lot and their content hash (cacheable forever),
 * written aside and renamed — a reader never sees half a file, and two uploads at once never
 * share a temporary file. The lot's version moves and watchers get `lot.updated`.
 *
 * Every file change of a lot happens under its row lock (decision 0018): writing the new file,
 * pointing the lot at it, and deleting the replaced one. Two uploads at once are therefore one
 * after the other — neither can delete a file the other has just made the lot point at — and a
 * file is deleted only when the locked row, the one source of truth, no longer names it.
 */
export async function setLotPicture(
  deps: { db: Database; uploadsDir: string },
  input: { userId: string; lotId: string; image: Buffer; type: LotImageType },
  publishTo: Audience,
): Promise<LotSummary> {
  const { db, uploadsDir } = deps
  const { lotId, image } = input
  // Cheap refusals before the lock and the write (not found, not the seller, ended).
  checkPictureChange(await findLot(db, lotId), input.userId, new Date())
  const hash = createHash('sha256').update(image).digest('hex').slice(0, 20)
  const name = `lots/${lotId}-${hash}.${EXTENSIONS[input.type]}`
  await mkdir(join(uploadsDir, 'lots'), { recursive: true })
  const { body } = await runCommand(db, { publishTo }, async (tx, events) => {
    const before = await lockLot(tx, lotId)
    checkPictureChange(before, input.userId, new Date())
    await writeAtomically(join(uploadsDir, name), image)
    const set = await setLotImage(tx, lotId, name)
    if (!set) {
      // The lot ended meanwhile: it keeps its picture; the new file goes unless it is that one.
      if (before?.image_path !== name) await removeUpload(uploadsDir, name)
      throw pictureLocked()
    }
    // Names start with the lot's id, so no other lot points at the replaced file.
    if (set.replaced && set.replaced !== name) await removeUpload(uploadsDir, set.replaced)
    const summary = toSummary((await findLot(tx, lotId))!)
    events.lotUpdated(summary)
    return summary
  })
  return body
}

async function writeAtomically(path: string, content: Buffer): Promise<void> {
  const temporary = `${path}.${randomUUID()}.tmp`
  try {
    await writeFile(temporary, content, { flag: 'wx' })
    await rename(temporary, path)
  } finally {
    await rm(temporary, { force: true })
  }
}

/** Removes a picture file no lot points at any more; a file already gone is fine. */
const removeUpload = (uploadsDir: string, name: string) =>
  rm(join(uploadsDir, name), { force: true })
