import { randomUUID } from 'node:crypto'
import { readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { variantUrl, type LotPicture } from '../../common/auction.ts'
import {
  addDemoPictures,
  demoPicture,
  pictureNewDemoLot,
  seedDemoPictures,
} from '../../server/jobs/demo-pictures.ts'
import { sniffImageType } from '../../server/lib/images.ts'
import { insertUser } from '../../server/repositories/users.ts'
import { openLot, RecordingBroadcaster } from './auction-helpers.ts'
import { createTestApp, raceNote, testConfig, type TestApp } from './helpers.ts'

/** Demo pictures (decision 0024): made locally, real PNGs, only for demo members' lots, once. */
let t: TestApp
const uploadsDir = join(tmpdir(), `lotline-demo-pictures-${randomUUID()}`)
beforeAll(async () => {
  t = await createTestApp({ env: { PUSHER_PORT: '1' } })
})
afterAll(async () => {
  await t.close()
  await rm(uploadsDir, { recursive: true, force: true })
})

const seller = async (email: string) =>
  (await insertUser(t.db, { name: 'Demo', email, passwordHash: 'x', role: 'member' }))!.id

const picturesOf = async (lotId: string) =>
  (await t.app.inject(`/api/lots/${lotId}`)).json().pictures as LotPicture[]

describe('demo pictures', () => {
  it('draws a valid PNG that differs per lot and per index, the same each time', () => {
    const a = demoPicture('lot-a')
    expect(sniffImageType(a)).toBe('image/png')
    expect(a.equals(demoPicture('lot-a'))).toBe(true)
    expect(a.equals(demoPicture('lot-b'))).toBe(false)
    expect(a.equals(demoPicture('lot-a', 1))).toBe(false)
    expect(a.length).toBeLessThan(100_000)
  })

  it('gives every demo member’s lot without pictures two, once; other members’ lots none', async () => {
    const demo = await openLot(t.db, await seller(`${randomUUID()}@lotline.test`))
    const other = await openLot(t.db, await seller(`${randomUUID()}@example.com`))
    expect(await seedDemoPictures(t.db, uploadsDir)).toBeGreaterThanOrEqual(1)
    const pictures = await picturesOf(demo)
    expect(pictures).toHaveLength(2)
    for (const p of pictures) {
      const file = await readFile(join(uploadsDir, p.url.replace(/^uploads\//, '')))
      expect(sniffImageType(file)).toBe('image/png')
      // Copies as an upload gets them (decision 0031): what the first screen downloads.
      expect(p).toMatchObject({ width: 640, height: 480, widths: [320, 640] })
      for (const w of p.widths) {
        const copy = await readFile(
          join(uploadsDir, variantUrl(p.url, w).replace(/^uploads\//, '')),
        )
        expect(sniffImageType(copy)).toBe('image/webp')
        expect(copy.length).toBeLessThan(file.length)
      }
    }
    expect(await picturesOf(other)).toEqual([])
    expect(await seedDemoPictures(t.db, uploadsDir)).toBe(0)
    expect(await picturesOf(demo)).toEqual(pictures)
    // A lot listed later (the scheduler's) gets its own by id, after any it has.
    await addDemoPictures(t.db, uploadsDir, demo, 1)
    expect(await picturesOf(demo)).toHaveLength(3)
  })

  it('a lot the demo scheduler lists gets its pictures, and lot.updated carries them', async () => {
    const broadcaster = new RecordingBroadcaster(testConfig().pusher)
    const lotId = await openLot(t.db, await seller(`${randomUUID()}@lotline.test`))
    await pictureNewDemoLot({ db: t.db, uploadsDir, broadcaster }, lotId)
    const updated = broadcaster.named('lot.updated').map((e) => e.data as { pictures: unknown[] })
    expect(updated.length).toBeGreaterThan(0)
    expect(updated[0]!.pictures).toHaveLength(2)
    expect(await picturesOf(lotId)).toHaveLength(2)
  })

  it(`the scheduler and another node's start-up seed picture a new lot once${raceNote}`, async () => {
    const broadcaster = new RecordingBroadcaster(testConfig().pusher)
    for (let round = 0; round < 5; round++) {
      const lotId = await openLot(t.db, await seller(`${randomUUID()}@lotline.test`))
      const runs = await Promise.allSettled([
        pictureNewDemoLot({ db: t.db, uploadsDir, broadcaster }, lotId),
        seedDemoPictures(t.db, uploadsDir),
        seedDemoPictures(t.db, uploadsDir),
      ])
      expect(runs.filter((r) => r.status === 'rejected')).toEqual([])
      expect(await picturesOf(lotId)).toHaveLength(2)
    }
  })
})
