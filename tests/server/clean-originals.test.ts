import { mkdtempSync, rmSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CLEAN_MARKER, cleanStoredOriginals } from '../../server/jobs/clean-originals.ts'
import { encodePng } from '../../server/jobs/demo-pictures.ts'
import { insertPicture } from '../../server/repositories/lot-pictures.ts'
import { member, openLot } from './auction-helpers.ts'
import { createTestApp, testConfig, type TestApp } from './helpers.ts'

/**
 * Originals stored by versions before decision 0047 were the uploads as they came: at start each
 * is re-encoded in place, once, before anything is served.
 */
let t: TestApp
const uploadsDir = mkdtempSync(join(tmpdir(), 'lotline-old-uploads-'))
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
  rmSync(uploadsDir, { recursive: true, force: true })
})

const quiet = { info: () => {}, warn: () => {} }

describe('originals stored by earlier versions', () => {
  it('re-encodes a stored phone photo without its EXIF and upright, leaves a clean one alone, deletes one it cannot read, once', async () => {
    const seller = await member(t.app, t.db, testConfig())
    const lotId = await openLot(t.db, seller.id)
    const photo = await sharp({
      create: { width: 400, height: 300, channels: 3, background: { r: 200, g: 40, b: 40 } },
    })
      .jpeg()
      .withExif({
        IFD0: { Artist: 'Sam' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 0/1 0/1' },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer()
    const clean = encodePng(40, 30, (x) => [x, 90, 90])
    const files = {
      photo: `lots/${lotId}-aaaaaaaaaaaaaaaaaaaa.jpg`,
      clean: `lots/${lotId}-bbbbbbbbbbbbbbbbbbbb.png`,
      broken: `lots/${lotId}-cccccccccccccccccccc.jpg`,
    }
    await mkdir(join(uploadsDir, 'lots'), { recursive: true })
    await writeFile(join(uploadsDir, files.photo), photo)
    await writeFile(join(uploadsDir, files.clean), clean)
    await writeFile(join(uploadsDir, files.broken), Buffer.from([0xff, 0xd8, 0xff, 0, 1, 2]))
    const sizes = { width: 1, height: 1, widths: [] }
    await insertPicture(t.db, lotId, files.photo, 0, sizes)
    await insertPicture(t.db, lotId, files.clean, 1, sizes)
    await insertPicture(t.db, lotId, files.broken, 2, sizes)
    expect((await sharp(photo).metadata()).exif).toBeDefined()

    const result = await cleanStoredOriginals(t.db, uploadsDir, quiet)
    expect(result).toEqual({ cleaned: 1, removed: 1 })
    const after = await sharp(await readFile(join(uploadsDir, files.photo))).metadata()
    expect(after.exif).toBeUndefined()
    expect(after.orientation ?? 1).toBe(1)
    expect(after).toMatchObject({ format: 'jpeg', width: 300, height: 400 })
    expect((await readFile(join(uploadsDir, files.clean))).equals(clean)).toBe(true)
    await expect(readFile(join(uploadsDir, files.broken))).rejects.toThrow(/ENOENT/)
    await expect(readFile(join(uploadsDir, CLEAN_MARKER), 'utf8')).resolves.toMatch(/^\d{4}-/)

    // Once per uploads folder: the next start does not look again.
    await writeFile(join(uploadsDir, files.photo), photo)
    expect(await cleanStoredOriginals(t.db, uploadsDir, quiet)).toBeUndefined()
  })
})
