import { createHash, randomUUID } from 'node:crypto'
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { LotImageType, LotSummary } from '../../../common/auction.ts'
import type { Database, Queryable } from '../../db/types.ts'
import { EXTENSIONS } from '../../lib/images.ts'
import type { Publication } from '../../lib/publication.ts'
import {
  bumpLotVersion,
  deletePicture,
  insertPicture,
  setPictureOrder,
} from '../../repositories/lot-pictures.ts'
import { findLot, lockLot, toSummary, type LotRow } from '../../repositories/lots.ts'
import { notFound } from '../../lib/problem.ts'
import { runCommand, type Audience } from '../run-command.ts'
import { checkPictureAdd, checkPictureChange, checkPictureOrder } from './check-picture-change.ts'

/**
 * A lot's pictures (decisions 0010, 0024): add one, remove one, reorder them. Files are named by
 * the lot and their content hash (cacheable forever), written aside and renamed — a reader never
 * sees half a file, and two uploads at once never share a temporary file.
 *
 * Every change happens under the lot's row lock: the limit of 8 is counted there (two uploads at
 * once are one after the other), a file is written and deleted there, and bids take the same lock,
 * so "before the first bid" holds. The lot's version moves and `lot.updated` carries the pictures.
 */
type Deps = { db: Database; uploadsDir: string }

export async function addLotPicture(
  deps: Deps,
  input: { userId: string; lotId: string; image: Buffer; type: LotImageType },
  publishTo: Audience,
): Promise<LotSummary> {
  const { uploadsDir } = deps
  const { lotId, image } = input
  // Cheap refusals before the lock and the write (not found, not the seller, bids, ended).
  checkPictureChange(await findLot(deps.db, lotId), input.userId, new Date())
  const hash = createHash('sha256').update(image).digest('hex').slice(0, 20)
  const name = `lots/${lotId}-${hash}.${EXTENSIONS[input.type]}`
  await mkdir(join(uploadsDir, 'lots'), { recursive: true })
  return change(deps, input, publishTo, async (tx, lot) => {
    const position = checkPictureAdd(lot, name)
    await writeAtomically(join(uploadsDir, name), image)
    try {
      await insertPicture(tx, lotId, name, position)
    } catch (error) {
      // No row names this file (checked above, under the lock): it goes with the failed change.
      await removeUpload(uploadsDir, name)
      throw error
    }
  })
}

export async function removeLotPicture(
  deps: Deps,
  input: { userId: string; lotId: string; pictureId: string },
  publishTo: Audience,
): Promise<LotSummary> {
  return change(deps, input, publishTo, async (tx, lot) => {
    const path = await deletePicture(tx, lot.id, input.pictureId)
    if (path === undefined) throw notFound('Picture')
    const rest = lot.pictures.filter((p) => p.id !== input.pictureId).map((p) => p.id)
    await setPictureOrder(tx, lot.id, rest)
    // Names start with the lot's id and are unique per lot: no other row names this file.
    await removeUpload(deps.uploadsDir, path)
  })
}

export async function reorderLotPictures(
  deps: Deps,
  input: { userId: string; lotId: string; pictureIds: string[] },
  publishTo: Audience,
): Promise<LotSummary> {
  return change(deps, input, publishTo, async (tx, lot) => {
    await setPictureOrder(tx, lot.id, checkPictureOrder(lot, input.pictureIds))
  })
}

/** Lock, check, change, then the new summary and its event (the room and the lists). */
async function change(
  deps: Deps,
  input: { userId: string; lotId: string },
  publishTo: Audience,
  work: (tx: Queryable, lot: LotRow) => Promise<void>,
): Promise<LotSummary> {
  const { body } = await runCommand(deps.db, { publishTo }, async (tx, events: Publication) => {
    const lot = checkPictureChange(await lockLot(tx, input.lotId), input.userId, new Date())
    await work(tx, lot)
    await bumpLotVersion(tx, lot.id)
    const summary = toSummary((await findLot(tx, lot.id))!)
    events.lotUpdated(summary)
    return summary
  })
  return body
}

export async function writeAtomically(path: string, content: Buffer): Promise<void> {
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
