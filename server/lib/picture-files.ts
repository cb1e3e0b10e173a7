import { randomUUID } from 'node:crypto'
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { variantUrl } from '../../common/auction.ts'
import type { SizedPicture } from './picture-sizes.ts'

/**
 * A picture's files under DATA_DIR/uploads (decisions 0010, 0031, 0047): the original re-encoded,
 * named by its lot and the upload's content hash, and its WebP copies beside it
 * (`<name>-<w>w.webp`, `variantUrl`). The upload's own bytes are never written. Each file is
 * written aside and renamed, so a reader never sees half a file.
 */
export async function writePictureFiles(
  uploadsDir: string,
  name: string,
  sized: SizedPicture,
): Promise<void> {
  await mkdir(dirname(join(uploadsDir, name)), { recursive: true })
  try {
    await writeAtomically(join(uploadsDir, name), sized.original)
    for (const variant of sized.variants) {
      await writeAtomically(join(uploadsDir, variantUrl(name, variant.width)), variant.data)
    }
  } catch (error) {
    await removePictureFiles(
      uploadsDir,
      name,
      sized.variants.map((v) => v.width),
    )
    throw error
  }
}

/** Removes a picture's original and copies; files already gone are fine. */
export async function removePictureFiles(
  uploadsDir: string,
  name: string,
  widths: readonly number[],
): Promise<void> {
  const names = [name, ...widths.map((w) => variantUrl(name, w))]
  await Promise.all(names.map((n) => rm(join(uploadsDir, n), { force: true })))
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
