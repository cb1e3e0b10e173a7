import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOT_IMAGE_MAX_PIXELS, pictureSrcset, type LotPicture } from '../../common/auction.ts'
import { encodePng } from '../../server/jobs/demo-pictures.ts'
import { member, openLot, type Member } from './auction-helpers.ts'
import { createTestApp, testConfig, type TestApp } from './helpers.ts'

/**
 * What a lot's pictures cost and what they give away (decision 0047): only re-encoded files are
 * served (a phone photo's GPS never leaves the server), a picture past the pixel limit is refused
 * however it is spelled, and picture work waits in a bounded line per process (503 past it).
 */

let t: TestApp
const config = testConfig({ PUSHER_PORT: '1' })
beforeAll(async () => {
  t = await createTestApp({ config })
})
afterAll(() => t.close())

interface Summary {
  id: string
  imageUrl: string | null
  pictures: LotPicture[]
}

const lotsDir = join(testConfig().dataDir, 'uploads', 'lots')
const lotFiles = async (lotId: string) =>
  (await readdir(lotsDir).catch(() => [] as string[])).filter((f) => f.startsWith(lotId)).sort()

const upload = (app: TestApp['app'], seller: Member, lotId: string, type: string, body: Buffer) =>
  app.inject({
    method: 'POST',
    url: `/api/lots/${lotId}/pictures`,
    headers: {
      'x-requested-with': 'XMLHttpRequest',
      cookie: seller.b.cookie!,
      'content-type': type,
    },
    payload: body,
  })

async function sellerAndLot(app: TestApp['app'] = t.app, title?: string) {
  const seller = await member(app, t.db, config)
  return { seller, lotId: await openLot(t.db, seller.id, { title }) }
}

/** Written into the photo's EXIF: its bytes must appear in nothing served. */
const ARTIST = 'Sam Seller, 12 Canal Street'

/** A phone photo: landscape pixels marked "rotate 90°" (a portrait), with GPS and the owner. */
async function phonePhoto(): Promise<Buffer> {
  return sharp({
    create: { width: 1600, height: 1200, channels: 3, background: { r: 30, g: 90, b: 160 } },
  })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Artist: ARTIST, Make: 'PhoneCo' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '52/1 22/1 1234/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '4/1 53/1 5678/100',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer()
}

/** Whether an EXIF block has a GPS IFD (tag 0x8825, either byte order). */
const hasGps = (exif: Buffer | undefined) =>
  exif !== undefined &&
  (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])))

/** Every picture address a lot's answers name: each picture's original and its srcset copies. */
function addressesOf(lot: Summary): string[] {
  const copies = lot.pictures.flatMap((p) =>
    pictureSrcset(p, (url) => url)
      .split(', ')
      .map((entry) => entry.split(' ')[0]!),
  )
  return [...(lot.imageUrl ? [lot.imageUrl] : []), ...lot.pictures.map((p) => p.url), ...copies]
}

describe('only re-encoded pictures are served (decision 0047)', () => {
  it('strips a phone photo’s EXIF and GPS from every address the list and the room name, and turns it upright', async () => {
    const word = `gpslot${Date.now().toString(36)}`
    const { seller, lotId } = await sellerAndLot(t.app, `Camera ${word}`)
    const photo = await phonePhoto()
    // The photo as it left the phone: GPS, the owner's name, orientation 6.
    const sent = await sharp(photo).metadata()
    expect(hasGps(sent.exif)).toBe(true)
    expect(sent.exif!.includes(Buffer.from(ARTIST))).toBe(true)
    expect(sent).toMatchObject({ orientation: 6, width: 1600, height: 1200 })

    const res = await upload(t.app, seller, lotId, 'image/jpeg', photo)
    expect(res.statusCode).toBe(201)
    const room = (await seller.b.request({ method: 'GET', url: `/api/lots/${lotId}` })).json()
    const list = (await seller.b.request({ method: 'GET', url: `/api/lots?q=${word}` })).json()
    expect(list.items.map((item: Summary) => item.id)).toEqual([lotId])
    const addresses = new Set([
      ...addressesOf(res.json()),
      ...addressesOf(room),
      ...addressesOf(list.items[0]),
    ])
    const [picture] = (room as Summary).pictures
    expect(picture).toMatchObject({ width: 1200, height: 1600, widths: [320, 640, 1200] })
    // The original and three copies: the same four addresses in every answer.
    expect(addresses.size).toBe(4)

    for (const address of addresses) {
      const served = await t.app.inject(`/${address}`)
      expect(served.statusCode, address).toBe(200)
      const body = served.rawPayload
      const meta = await sharp(body).metadata()
      expect(meta.exif, address).toBeUndefined()
      expect(meta.xmp, address).toBeUndefined()
      expect(meta.iptc, address).toBeUndefined()
      expect(meta.orientation ?? 1, address).toBe(1)
      expect(body.includes(Buffer.from(ARTIST)), address).toBe(false)
      // Upright: taller than wide, as the phone meant it.
      expect(meta.height!, address).toBeGreaterThan(meta.width!)
    }
    // The upload's own bytes are nowhere on disk.
    for (const file of await lotFiles(lotId)) {
      expect((await readFile(join(lotsDir, file))).equals(photo), file).toBe(false)
    }
  })
})

describe('the pixel limit', () => {
  // Just past 16 MP (4700 × 3500), as a real file of each type (flat colour: small files, many
  // pixels). More than a lot photo needs: a phone's 12 MP photo is 4032 × 3024.
  const over = { width: 4700, height: 3500 }
  const flat = () =>
    sharp({ create: { ...over, channels: 3, background: { r: 120, g: 130, b: 90 } } })
  let files: Array<[string, Buffer]>
  beforeAll(async () => {
    files = [
      ['image/png', await flat().png().toBuffer()],
      ['image/jpeg', await flat().jpeg().toBuffer()],
      ['image/webp', await flat().webp({ effort: 0 }).toBuffer()],
    ]
  })

  it('refuses a picture past it with 413 however it is spelled (PNG, JPEG, WebP), storing nothing; one within it is taken', async () => {
    const { seller, lotId } = await sellerAndLot()
    for (const [type, body] of files) {
      expect(body.length, type).toBeLessThan(2 * 1024 * 1024)
      const res = await upload(t.app, seller, lotId, type, body)
      expect(res.statusCode, type).toBe(413)
      expect(res.headers['content-type']).toMatch(/problem\+json/)
      expect(res.json()).toMatchObject({ code: 'payload_too_large' })
      expect(res.json().detail).toMatch(/megapixels/)
    }
    expect(await lotFiles(lotId)).toEqual([])
    expect(over.width * over.height).toBeGreaterThan(LOT_IMAGE_MAX_PIXELS)
    // A phone's 12 MP photo is within it.
    const phone = await sharp({
      create: { width: 4032, height: 3024, channels: 3, background: { r: 1, g: 2, b: 3 } },
    })
      .jpeg()
      .toBuffer()
    const taken = await upload(t.app, seller, lotId, 'image/jpeg', phone)
    expect(taken.statusCode).toBe(201)
    expect(taken.json().pictures[0]).toMatchObject({ width: 4032, height: 3024 })
  })
})

describe('one process’s picture work (LOT_IMAGE_CONCURRENCY, LOT_IMAGE_QUEUE)', () => {
  it('answers 503 pictures_busy with Retry-After past the line, stores nothing for it, and takes it later', async () => {
    const busy = await createTestApp({
      db: t.db,
      config: testConfig({ PUSHER_PORT: '1', LOT_IMAGE_CONCURRENCY: '1', LOT_IMAGE_QUEUE: '1' }),
    })
    try {
      const { seller, lotId } = await sellerAndLot(busy.app)
      // Six distinct pictures sent at once: one decodes, one waits, the rest are turned away.
      const pictures = Array.from({ length: 6 }, (_, n) =>
        encodePng(1600, 1200, (x, y) => [(x + n) % 256, y % 256, 40 * n]),
      )
      const answers = await Promise.all(
        pictures.map((body) => upload(busy.app, seller, lotId, 'image/png', body)),
      )
      const codes = answers.map((a) => a.statusCode)
      // Each is taken or refused; with all six arriving while the first decodes, four are refused.
      expect(codes.filter((c) => c !== 201 && c !== 503)).toEqual([])
      expect(codes.filter((c) => c === 503).length).toBeGreaterThanOrEqual(1)
      for (const refused of answers.filter((a) => a.statusCode === 503)) {
        expect(refused.headers['content-type']).toMatch(/problem\+json/)
        expect(refused.json()).toMatchObject({ status: 503, code: 'pictures_busy' })
        expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1)
      }
      // Only the two taken are stored: their rows, their originals and copies, nothing else.
      const room = (await seller.b.request({ method: 'GET', url: `/api/lots/${lotId}` })).json()
      const taken = codes.filter((c) => c === 201).length
      expect(room.pictures).toHaveLength(taken)
      const named = (room as Summary).pictures
        .flatMap((p) => [
          p.url,
          ...pictureSrcset(p, (u) => u)
            .split(', ')
            .map((e) => e.split(' ')[0]!),
        ])
        .map((url) => url.replace('uploads/lots/', ''))
        .sort()
      expect(await lotFiles(lotId)).toEqual(named)
      // Once the line has cleared, a refused picture is taken.
      const again = await upload(
        busy.app,
        seller,
        lotId,
        'image/png',
        pictures[codes.indexOf(503)]!,
      )
      expect(again.statusCode).toBe(201)
      expect(again.json().pictures).toHaveLength(taken + 1)
    } finally {
      // The app only: the database is the suite's.
      await busy.app.close()
    }
  })
})
