import { access, readdir, readFile } from 'node:fs/promises'
import { Readable } from 'node:stream'
import { join } from 'node:path'
import { crc32 } from 'node:zlib'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  LOT_IMAGE_MAX_BYTES,
  LOT_IMAGE_MAX_PIXELS,
  LOT_PICTURES_MAX,
  variantUrl,
} from '../../common/auction.ts'
import { encodePng } from '../../server/jobs/demo-pictures.ts'
import {
  browser,
  createTestApp,
  testConfig,
  uniqueEmail,
  type TestApp,
  raceNote,
} from './helpers.ts'
import { bid, member, RecordingBroadcaster } from './auction-helpers.ts'

/**
 * A lot's pictures (decisions 0010, 0024): add, remove, reorder, for the seller only and only
 * before the first bid; at most 8, counted under the lot's row lock; every refusal changes nothing.
 */

let t: TestApp
// A line long enough for the nine uploads sent at once below (the line itself: 'one process's
// picture work').
const config = testConfig({ PUSHER_PORT: '1', LOT_IMAGE_QUEUE: '16' })
const broadcaster = new RecordingBroadcaster(config.pusher)
let JPEG: Buffer
beforeAll(async () => {
  t = await createTestApp({ config, broadcaster })
  JPEG = await sharp({
    create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 120, b: 40 } },
  })
    .jpeg()
    .toBuffer()
})
afterAll(() => t.close())

/** A distinct small PNG per n (content-named files: distinct content, distinct file). */
const png = (n: number) => encodePng(16, 12, (x) => [n % 256, (n * 7 + x) % 256, 90])
const PNG = png(0)

type Browser = ReturnType<typeof browser>
interface Summary {
  id: string
  version: number
  imageUrl: string | null
  pictures: Array<{
    id: string
    url: string
    width: number | null
    height: number | null
    widths: number[]
  }>
}

async function sellerWithLot(title = 'Brass telescope') {
  const b = browser(t.app)
  await b.request({
    method: 'POST',
    url: '/api/auth/register',
    payload: { name: 'Sam', email: uniqueEmail('img'), password: 'pictures please' },
  })
  const created = await b.request({
    method: 'POST',
    url: '/api/lots',
    payload: {
      title,
      description: 'With tripod',
      category: 'other',
      startingPrice: 1_000,
      endsAt: new Date(Date.now() + 3_600_000).toISOString(),
      delivery: { pickup: { town: 'Madrid' } },
    },
  })
  expect(created.statusCode).toBe(201)
  return { b, lot: created.json() as Summary }
}

const upload = (b: Browser, id: string, type: string, body: Buffer) =>
  b.request({
    method: 'POST',
    url: `/api/lots/${id}/pictures`,
    headers: { 'content-type': type },
    payload: body,
  })
const remove = (b: Browser, id: string, pictureId: string) =>
  b.request({ method: 'DELETE', url: `/api/lots/${id}/pictures/${pictureId}` })
const reorder = (b: Browser, id: string, payload: unknown) =>
  b.request({ method: 'PUT', url: `/api/lots/${id}/pictures/order`, payload: payload as object })
const detailOf = async (b: Browser, id: string) =>
  (await b.request({ method: 'GET', url: `/api/lots/${id}` })).json() as Summary

const lotsDir = join(testConfig().dataDir, 'uploads', 'lots')
const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  )
const isCopy = (file: string) => /-\d+w\.webp$/.test(file)
const lotFiles = async (lotId: string) =>
  (await readdir(lotsDir).catch(() => [] as string[])).filter((f) => f.startsWith(lotId)).sort()
/** The originals of a lot's pictures on disk. */
const filesOf = async (lotId: string) => (await lotFiles(lotId)).filter((f) => !isCopy(f))
/** The responsive copies of a lot's pictures on disk (decision 0031). */
const copiesOf = async (lotId: string) => (await lotFiles(lotId)).filter(isCopy)
/** The copies the answer names, as file names. */
const namedCopies = (lot: Summary) =>
  lot.pictures
    .flatMap((p) => p.widths.map((w) => variantUrl(p.url, w).replace('uploads/lots/', '')))
    .sort()

async function withPictures(count: number) {
  const seller = await sellerWithLot()
  let last = seller.lot
  for (let n = 1; n <= count; n++) {
    const res = await upload(seller.b, seller.lot.id, 'image/png', png(n))
    expect(res.statusCode).toBe(201)
    last = res.json() as Summary
  }
  return { ...seller, lot: last }
}

describe('adding pictures', () => {
  it('stores each picture under the data directory, serves it as immutable, the first is the cover', async () => {
    // A word no other lot's title has: the list below finds this lot on its first page.
    const word = `telescope${Date.now().toString(36)}`
    const { b, lot } = await sellerWithLot(`Brass ${word}`)
    expect(lot.pictures).toEqual([])
    const res = await upload(b, lot.id, 'image/png', PNG)
    expect(res.statusCode).toBe(201)
    const summary = res.json() as Summary
    expect(summary.imageUrl).toMatch(new RegExp(`^uploads/lots/${lot.id}-[0-9a-f]{20}\\.png$`))
    expect(summary.pictures).toEqual([
      { id: expect.any(String), url: summary.imageUrl, width: 16, height: 12, widths: [16] },
    ])
    expect(summary.version).toBe(lot.version + 1)
    // Stored re-encoded (decision 0047): the same picture, not the same bytes.
    const stored = await readFile(join(testConfig().dataDir, summary.imageUrl!))
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'png', width: 16, height: 12 })
    const served = await t.app.inject(`/${summary.imageUrl}`)
    expect(served.statusCode).toBe(200)
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(served.rawPayload.equals(stored)).toBe(true)

    const second = (await upload(b, lot.id, 'image/jpeg', JPEG)).json() as Summary
    expect(second.pictures.map((p) => p.url)).toEqual([
      summary.imageUrl,
      expect.stringMatching(/\.jpg$/),
    ])
    expect(second.imageUrl).toBe(summary.imageUrl)
    const detail = await detailOf(b, lot.id)
    expect(detail.pictures).toEqual(second.pictures)
    const list = (await b.request({ method: 'GET', url: `/api/lots?q=${word}` })).json() as {
      items: Summary[]
    }
    expect(list.items.map((item) => item.id)).toEqual([lot.id])
    expect(list.items[0]!.pictures).toEqual(second.pictures)
  })

  it('tells the room and the lists: lot.updated carries the pictures', async () => {
    const { b, lot } = await sellerWithLot()
    broadcaster.clear()
    const summary = (await upload(b, lot.id, 'image/png', png(77))).json() as Summary
    const events = broadcaster.named('lot.updated').filter((e) => (e.data as Summary).id === lot.id)
    expect(events.map((e) => e.channel).sort()).toEqual([`lot.${lot.id}`, 'lots'].sort())
    expect((events[0]!.data as Summary).pictures).toEqual(summary.pictures)
  })

  it('refuses a file whose bytes are not the declared image type, a wrong type, or an empty body', async () => {
    const { b, lot } = await sellerWithLot()
    const lying = await upload(b, lot.id, 'image/png', JPEG)
    expect(lying.statusCode).toBe(415)
    expect(lying.json().code).toBe('unsupported_media_type')
    const html = await upload(b, lot.id, 'image/png', Buffer.from('<script>alert(1)</script>'))
    expect(html.statusCode).toBe(415)
    const gif = await upload(b, lot.id, 'image/gif', Buffer.from('GIF89a'))
    expect(gif.statusCode).toBe(415)
    expect(gif.headers['content-type']).toMatch(/problem\+json/)
    const empty = await upload(b, lot.id, 'image/jpeg', Buffer.alloc(0))
    expect(empty.statusCode).toBeGreaterThanOrEqual(400)
    expect(empty.statusCode).toBeLessThan(500)
    expect(await detailOf(b, lot.id)).toMatchObject({
      imageUrl: null,
      pictures: [],
      version: lot.version,
    })
    expect(await lotFiles(lot.id)).toEqual([])
  })

  it('takes the declared type however it is spelled: the rule the seller’s screen checks (common/auction/pictures.ts)', async () => {
    const { b, lot } = await sellerWithLot()
    const shouted = await upload(b, lot.id, 'IMAGE/PNG; charset=binary', png(1))
    expect(shouted.statusCode).toBe(201)
    expect((shouted.json() as Summary).pictures).toHaveLength(1)
  })

  it('refuses pictures over 2 MB with 413, and anyone but the seller', async () => {
    const { b, lot } = await sellerWithLot()
    const big = Buffer.concat([JPEG, Buffer.alloc(LOT_IMAGE_MAX_BYTES)])
    const tooBig = await upload(b, lot.id, 'image/jpeg', big)
    expect(tooBig.statusCode).toBe(413)
    expect(tooBig.json().code).toBe('payload_too_large')

    const other = browser(t.app)
    await other.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Oz', email: uniqueEmail('other'), password: 'not the seller' },
    })
    expect((await upload(other, lot.id, 'image/jpeg', JPEG)).statusCode).toBe(403)
    const guest = await t.app.inject({
      method: 'POST',
      url: `/api/lots/${lot.id}/pictures`,
      headers: { 'content-type': 'image/jpeg', 'x-requested-with': 'XMLHttpRequest' },
      payload: JPEG,
    })
    expect(guest.statusCode).toBe(401)
    expect(await lotFiles(lot.id)).toEqual([])
  })

  it('refuses the same picture twice on one lot (one file, one row)', async () => {
    const { b, lot } = await sellerWithLot()
    expect((await upload(b, lot.id, 'image/png', PNG)).statusCode).toBe(201)
    const again = await upload(b, lot.id, 'image/png', PNG)
    expect(again.statusCode).toBe(409)
    expect(again.json().code).toBe('conflict')
    expect((await detailOf(b, lot.id)).pictures).toHaveLength(1)
    // One original and its one copy (16 px wide: a copy at its own width, decision 0031).
    expect(await lotFiles(lot.id)).toHaveLength(2)
  })

  it(`keeps at most ${LOT_PICTURES_MAX}, however many are sent at once, and leaves no stray files${raceNote}`, async () => {
    const { b, lot } = await withPictures(3)
    const answers = await Promise.all(
      Array.from({ length: 9 }, (_, n) => upload(b, lot.id, 'image/png', png(100 + n))),
    )
    const codes = answers.map((a) => a.statusCode)
    expect(codes.filter((c) => c === 201)).toHaveLength(LOT_PICTURES_MAX - 3)
    for (const refused of answers.filter((a) => a.statusCode !== 201)) {
      expect(refused.statusCode).toBe(409)
      expect(refused.json().code).toBe('too_many_pictures')
    }
    const detail = await detailOf(b, lot.id)
    expect(detail.pictures).toHaveLength(LOT_PICTURES_MAX)
    const onDisk = await filesOf(lot.id)
    expect(onDisk).toEqual(detail.pictures.map((p) => p.url.replace('uploads/lots/', '')).sort())
    expect(await copiesOf(lot.id)).toEqual(namedCopies(detail))
    expect((await readdir(lotsDir)).filter((f) => f.endsWith('.tmp'))).toEqual([])
  })
})

describe('removing and reordering', () => {
  it('removes a picture and its file; the rest keep their order', async () => {
    const { b, lot } = await withPictures(3)
    const [a, middle, c] = lot.pictures
    const res = await remove(b, lot.id, middle!.id)
    expect(res.statusCode).toBe(200)
    const after = res.json() as Summary
    expect(after.pictures).toEqual([a, c])
    expect(after.version).toBe(lot.version + 1)
    expect(await exists(join(testConfig().dataDir, middle!.url))).toBe(false)
    expect(await filesOf(lot.id)).toHaveLength(2)
    expect(await copiesOf(lot.id)).toEqual(namedCopies(after))
    // The cover goes: the next one is the cover.
    const again = (await remove(b, lot.id, a!.id)).json() as Summary
    expect(again.imageUrl).toBe(c!.url)
    expect((await upload(b, lot.id, 'image/png', png(9))).json().pictures[1].url).toMatch(/\.png$/)
  })

  it('puts the pictures in the order asked, the first as the cover', async () => {
    const { b, lot } = await withPictures(3)
    const ids = lot.pictures.map((p) => p.id)
    const wanted = [ids[2]!, ids[0]!, ids[1]!]
    const res = await reorder(b, lot.id, { pictureIds: wanted.map((id) => id.toUpperCase()) })
    expect(res.statusCode).toBe(200)
    const after = res.json() as Summary
    expect(after.pictures.map((p) => p.id)).toEqual(wanted)
    expect(after.imageUrl).toBe(lot.pictures[2]!.url)
    expect((await detailOf(b, lot.id)).pictures.map((p) => p.id)).toEqual(wanted)
  })

  it('refuses every hostile order or id with a 4xx problem and changes nothing', async () => {
    const { b, lot } = await withPictures(3)
    const ids = lot.pictures.map((p) => p.id)
    const stranger = '00000000-0000-4000-8000-000000000000'
    const orders: unknown[] = [
      { pictureIds: [ids[0], ids[1]] },
      { pictureIds: [ids[0], ids[0], ids[1]] },
      { pictureIds: [ids[0], ids[1], ids[2], ids[2]] },
      { pictureIds: [ids[0], ids[1], stranger] },
      { pictureIds: [ids[0], ids[1], 'not-a-uuid'] },
      { pictureIds: [ids[0], ids[1], "'; drop table lots; --"] },
      { pictureIds: [ids[0], ids[1], 3] },
      { pictureIds: Array.from({ length: 50 }, () => ids[0]) },
      { pictureIds: [ids[0], ids[1], ids[2]], extra: true },
      { pictureIds: 'all' },
      { positions: [2, 1, 0] },
      [ids[2], ids[1], ids[0]],
      {},
    ]
    for (const payload of orders) {
      const res = await reorder(b, lot.id, payload)
      expect(res.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400)
      expect(res.statusCode, JSON.stringify(payload)).toBeLessThan(500)
      expect(res.headers['content-type']).toMatch(/problem\+json/)
    }
    for (const [lotId, pictureId] of [
      [lot.id, stranger],
      [lot.id, 'not-a-uuid'],
      [lot.id, '..%2F..%2Fetc%2Fpasswd'],
      [stranger, ids[0]!],
      ['x'.repeat(70), ids[0]!],
    ] as const) {
      const res = await remove(b, lotId, pictureId)
      expect(res.statusCode, pictureId).toBeGreaterThanOrEqual(400)
      expect(res.statusCode, pictureId).toBeLessThan(500)
      expect(res.headers['content-type']).toMatch(/problem\+json/)
    }
    // Another lot's picture is not this lot's.
    const other = await withPictures(1)
    expect((await remove(b, lot.id, other.lot.pictures[0]!.id)).statusCode).toBe(404)
    expect(
      (await reorder(b, lot.id, { pictureIds: [...ids.slice(0, 2), other.lot.pictures[0]!.id] }))
        .statusCode,
    ).toBe(422)
    const after = await detailOf(b, lot.id)
    expect(after.pictures).toEqual(lot.pictures)
    expect(after.version).toBe(lot.version)
    expect(await filesOf(lot.id)).toHaveLength(3)
    // Not the seller: no order, no removal.
    expect((await reorder(other.b, lot.id, { pictureIds: ids })).statusCode).toBe(403)
    expect((await remove(other.b, lot.id, ids[0]!)).statusCode).toBe(403)
  })
})

describe('before the first bid only', () => {
  it('refuses every change once the lot has a bid (409 pictures_locked), and keeps the files', async () => {
    const { b, lot } = await withPictures(2)
    const bidder = await member(t.app, t.db, config, { credit: 100_000 })
    expect((await bid(bidder, lot.id, { amount: 1_000 })).statusCode).toBe(201)
    const refusals = [
      await upload(b, lot.id, 'image/png', png(50)),
      await remove(b, lot.id, lot.pictures[0]!.id),
      await reorder(b, lot.id, { pictureIds: lot.pictures.map((p) => p.id).reverse() }),
    ]
    for (const res of refusals) {
      expect(res.statusCode).toBe(409)
      expect(res.json().code).toBe('pictures_locked')
    }
    const after = await detailOf(b, lot.id)
    expect(after.pictures).toEqual(lot.pictures)
    expect(await filesOf(lot.id)).toHaveLength(2)
  })

  it('refuses a picture once the lot has ended (even before it is settled) or was cancelled', async () => {
    const { b, lot } = await withPictures(1)
    await t.db.query(
      `update lots set starts_at = now() - interval '1 hour', ends_at = now() - interval '1 second' where id = $1`,
      [lot.id],
    )
    const late = await upload(b, lot.id, 'image/jpeg', JPEG)
    expect(late.statusCode).toBe(409)
    expect(late.json().code).toBe('pictures_locked')
    expect((await remove(b, lot.id, lot.pictures[0]!.id)).statusCode).toBe(409)
    const other = await sellerWithLot()
    await other.b.request({ method: 'POST', url: `/api/lots/${other.lot.id}/cancel` })
    expect((await upload(other.b, other.lot.id, 'image/png', PNG)).statusCode).toBe(409)
    expect(await lotFiles(other.lot.id)).toEqual([])
    expect((await detailOf(b, lot.id)).pictures).toEqual(lot.pictures)
  })
})

describe('oversize bodies', () => {
  const chunked = (size: number, first: Buffer) =>
    Readable.from(
      (function* () {
        yield first
        for (let sent = 0; sent < size; sent += 64 * 1024) yield Buffer.alloc(64 * 1024)
      })(),
    )

  it('answers 413 problem+json to a picture streamed without a length, or under a lying one', async () => {
    const { b, lot } = await sellerWithLot()
    const streamed = await b.request({
      method: 'POST',
      url: `/api/lots/${lot.id}/pictures`,
      headers: { 'content-type': 'image/jpeg', 'transfer-encoding': 'chunked' },
      payload: chunked(LOT_IMAGE_MAX_BYTES + 1, JPEG),
    })
    expect(streamed.statusCode).toBe(413)
    expect(streamed.headers['content-type']).toMatch(/problem\+json/)
    expect(streamed.json().code).toBe('payload_too_large')
    const declaredHuge = await b.request({
      method: 'POST',
      url: `/api/lots/${lot.id}/pictures`,
      headers: { 'content-type': 'image/jpeg', 'content-length': String(50 * 1024 * 1024) },
      payload: JPEG,
    })
    expect(declaredHuge.statusCode).toBe(413)
    expect(declaredHuge.json().code).toBe('payload_too_large')
    const declaredSmall = await b.request({
      method: 'POST',
      url: `/api/lots/${lot.id}/pictures`,
      headers: { 'content-type': 'image/jpeg', 'content-length': '10' },
      payload: chunked(LOT_IMAGE_MAX_BYTES + 1, JPEG),
    })
    expect(declaredSmall.statusCode).toBeGreaterThanOrEqual(400)
    expect(declaredSmall.statusCode).toBeLessThan(500)
    expect(declaredSmall.headers['content-type']).toMatch(/problem\+json/)
    expect(await lotFiles(lot.id)).toEqual([])
  })

  it('answers 413 problem+json to a JSON body over the 256 KB limit, streamed or not', async () => {
    const { b } = await sellerWithLot()
    const huge = JSON.stringify({ title: 'x'.repeat(300 * 1024) })
    for (const payload of [huge, Readable.from([Buffer.from(huge)])]) {
      const res = await b.request({
        method: 'POST',
        url: '/api/lots',
        headers: { 'content-type': 'application/json' },
        payload,
      })
      expect(res.statusCode).toBe(413)
      expect(res.json().code).toBe('payload_too_large')
      expect(res.headers['content-type']).toMatch(/problem\+json/)
    }
  })
})

describe('upload rate limit', () => {
  it('lets one member upload LOT_IMAGE_UPLOAD_MAX pictures per window, then answers 429, others unaffected', async () => {
    const limited = await createTestApp({ env: { PUSHER_PORT: '1', LOT_IMAGE_UPLOAD_MAX: '2' } })
    try {
      const seller = async () => {
        const b = browser(limited.app)
        await b.request({
          method: 'POST',
          url: '/api/auth/register',
          payload: { name: 'Sam', email: uniqueEmail('rl'), password: 'pictures please' },
        })
        const lot = await b.request({
          method: 'POST',
          url: '/api/lots',
          payload: {
            title: 'Lamp',
            category: 'other',
            startingPrice: 1_000,
            endsAt: new Date(Date.now() + 3_600_000).toISOString(),
            delivery: { pickup: { town: 'Madrid' } },
          },
        })
        return { b, id: lot.json().id as string }
      }
      const one = await seller()
      const send = (s: { b: ReturnType<typeof browser>; id: string }, body: Buffer) =>
        s.b.request({
          method: 'POST',
          url: `/api/lots/${s.id}/pictures`,
          headers: { 'content-type': 'image/png' },
          payload: body,
        })
      expect((await send(one, png(1))).statusCode).toBe(201)
      expect((await send(one, png(2))).statusCode).toBe(201)
      const third = await send(one, png(3))
      expect(third.statusCode).toBe(429)
      expect(third.json().code).toBe('rate_limited')
      expect(third.headers['content-type']).toMatch(/problem\+json/)
      // Refused before its body is read: a member over the limit cannot make us take 2 MB more
      // (a body still to be read would be judged by its size first: 413).
      const announcedHuge = await one.b.request({
        method: 'POST',
        url: `/api/lots/${one.id}/pictures`,
        headers: { 'content-type': 'image/png', 'content-length': String(50 * 1024 * 1024) },
        payload: PNG,
      })
      expect(announcedHuge.statusCode).toBe(429)
      expect((await send(await seller(), PNG)).statusCode).toBe(201)
    } finally {
      await limited.close()
    }
  })
})

describe('responsive copies (decision 0031)', () => {
  const metaOf = (body: Buffer) => sharp(body).metadata()

  it('makes upright WebP copies at 320, 640 and 1280 of a phone photo, without its metadata, served immutable', async () => {
    const { b, lot } = await sellerWithLot()
    // A landscape sensor image the camera marked "rotate 90°" (EXIF orientation 6): a portrait photo.
    const photo = await sharp({
      create: { width: 2000, height: 1500, channels: 3, background: { r: 30, g: 90, b: 160 } },
    })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer()
    const res = await upload(b, lot.id, 'image/jpeg', photo)
    expect(res.statusCode).toBe(201)
    const [picture] = (res.json() as Summary).pictures
    expect(picture).toMatchObject({ width: 1500, height: 2000, widths: [320, 640, 1280] })
    for (const width of picture!.widths) {
      const served = await t.app.inject(`/${variantUrl(picture!.url, width)}`)
      expect(served.statusCode).toBe(200)
      expect(served.headers['content-type']).toBe('image/webp')
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      const meta = await metaOf(served.rawPayload)
      expect(meta).toMatchObject({ format: 'webp', width, height: Math.round((width * 4) / 3) })
      expect(meta.exif).toBeUndefined()
      expect(meta.orientation).toBeUndefined()
      expect(served.rawPayload.length).toBeLessThan(photo.length)
    }
    // The original (the zoomed view) is re-encoded too: upright, no metadata (decision 0047).
    const original = await metaOf((await t.app.inject(`/${picture!.url}`)).rawPayload)
    expect(original).toMatchObject({ format: 'jpeg', width: 1500, height: 2000 })
    expect(original.exif).toBeUndefined()
  })

  it('never enlarges: a picture 500 px wide gets copies at 320 and at its own width', async () => {
    const { b, lot } = await sellerWithLot()
    const res = await upload(
      b,
      lot.id,
      'image/png',
      encodePng(500, 375, (x) => [x % 256, 60, 90]),
    )
    expect(res.statusCode).toBe(201)
    const summary = res.json() as Summary
    expect(summary.pictures[0]).toMatchObject({ width: 500, height: 375, widths: [320, 500] })
    expect(await copiesOf(lot.id)).toEqual(namedCopies(summary))
  })

  it('refuses a file that only starts like an image (415) and one that would decode past the pixel limit (413), writing nothing', async () => {
    const { b, lot } = await sellerWithLot()
    const signedJunk = Buffer.concat([PNG.subarray(0, 8), Buffer.from('not really pixels')])
    const junk = await upload(b, lot.id, 'image/png', signedJunk)
    expect(junk.statusCode).toBe(415)
    expect(junk.json()).toMatchObject({ code: 'unsupported_media_type' })
    expect(junk.headers['content-type']).toMatch(/problem\+json/)

    // A few hundred bytes whose header claims 10,000 × 10,000 pixels: refused from the header,
    // before gigabytes are decoded.
    const bomb = Buffer.from(png(1))
    const ihdr = bomb.indexOf('IHDR')
    bomb.writeUInt32BE(10_000, ihdr + 4)
    bomb.writeUInt32BE(10_000, ihdr + 8)
    bomb.writeUInt32BE(crc32(bomb.subarray(ihdr, ihdr + 17)), ihdr + 17)
    expect(10_000 * 10_000).toBeGreaterThan(LOT_IMAGE_MAX_PIXELS)
    const started = Date.now()
    const huge = await upload(b, lot.id, 'image/png', bomb)
    expect(huge.statusCode).toBe(413)
    expect(huge.json()).toMatchObject({ code: 'payload_too_large' })
    expect(Date.now() - started).toBeLessThan(2_000)

    expect(await detailOf(b, lot.id)).toMatchObject({ pictures: [], version: lot.version })
    expect(await lotFiles(lot.id)).toEqual([])
  })
})
