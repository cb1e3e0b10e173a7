import { createHash } from 'node:crypto'
import type { LotImageType, LotSummary } from '../../../common/auction.ts'
import type { Database, Queryable } from '../../db/types.ts'
import { EXTENSIONS } from '../../lib/images.ts'
import { removePictureFiles, writePictureFiles } from '../../lib/picture-files.ts'
import type { PictureQueue } from '../../lib/picture-queue.ts'
import { sizePicture } from '../../lib/picture-sizes.ts'
import type { Publication } from '../../lib/publication.ts'
import {
  bumpLotVersion,
  deletePicture,
  insertPicture,
  setPictureOrder,
} from '../../repositories/lot-pictures.ts'
import type { LockedLot } from '../../domain/lot.ts'
import { findLot, lockLot, toLockedLot, toSummary } from '../../repositories/lots.ts'
import { notFound } from '../../lib/problem.ts'
import { runCommand, type Audience } from '../run-command.ts'
import { checkPictureAdd, checkPictureChange, checkPictureOrder } from './check-picture-change.ts'

/**
 * A lot's pictures (decisions 0010, 0024, 0031): add one, remove one, reorder them. Files are named by
 * the lot and their content hash (cacheable forever), written aside and renamed — a reader never
 * sees half a file, and two uploads at once never share a temporary file.
 *
 * Every change happens under the lot's row lock: the limit of 8 is counted there (two uploads at
 * once are one after the other), a file is written and deleted there, and bids take the same lock,
 * so "before the first bid" holds. The lot's version moves and `lot.updated` carries the pictures.
 */
type Deps = { db: Database; uploadsDir: string }
type AddDeps = Deps & { pictureQueue: PictureQueue }

export async function addLotPicture(
  deps: AddDeps,
  input: { userId: string; lotId: string; image: Buffer; type: LotImageType },
  publishTo: Audience,
): Promise<LotSummary> {
  const { uploadsDir } = deps
  const { lotId, image } = input
  // Cheap refusals before the lock and the write (not found, not the seller, bids, ended).
  const found = await findLot(deps.db, lotId)
  checkPictureChange(found && toLockedLot(found), input.userId, new Date())
  // Decoding and the copies take CPU, not the lot: done before the lock, so bids never wait on it,
  // and in the process's bounded line (503 when full, before anything is written; decision 0047).
  const sized = await deps.pictureQueue.run(() => sizePicture(image, input.type))
  const hash = createHash('sha256').update(image).digest('hex').slice(0, 20)
  const name = `lots/${lotId}-${hash}.${EXTENSIONS[input.type]}`
  const widths = sized.variants.map((v) => v.width)
  return change(deps, input, publishTo, async (tx, lot) => {
    const position = checkPictureAdd(lot, name)
    await writePictureFiles(uploadsDir, name, sized)
    try {
      await insertPicture(tx, lotId, name, position, {
        width: sized.width,
        height: sized.height,
        widths,
      })
    } catch (error) {
      // No row names these files (checked above, under the lock): they go with the failed change.
      await removePictureFiles(uploadsDir, name, widths)
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
    const removed = await deletePicture(tx, lot.id, input.pictureId)
    if (removed === undefined) throw notFound('Picture')
    const rest = lot.pictures.filter((p) => p.id !== input.pictureId).map((p) => p.id)
    await setPictureOrder(tx, lot.id, rest)
    // Names start with the lot's id and are unique per lot: no other row names this file.
    await removePictureFiles(deps.uploadsDir, removed.path, removed.widths)
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
  work: (tx: Queryable, lot: LockedLot) => Promise<void>,
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
