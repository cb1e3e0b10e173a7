import { access, readdir, readFile } from 'node:fs/promises'
import { Readable } from 'node:stream'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOT_IMAGE_MAX_BYTES } from '../../common/auction.ts'
import {
  browser,
  createTestApp,
  testConfig,
  uniqueEmail,
  type TestApp,
  raceNote,
} from './helpers.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ env: { PUSHER_PORT: '1' } })
})
afterAll(() => t.close())

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('not really pixels, but a PNG signature'),
])
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('jfif-ish')])

async function sellerWithLot() {
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
      title: 'Brass telescope',
      description: 'With tripod',
      startingPrice: 1_000,
      endsAt: new Date(Date.now() + 3_600_000).toISOString(),
    },
  })
  expect(created.statusCode).toBe(201)
  return { b, lot: created.json() as { id: string; version: number } }
}

const upload = (b: ReturnType<typeof browser>, id: string, type: string, body: Buffer) =>
  b.request({
    method: 'PUT',
    url: `/api/lots/${id}/image`,
    headers: { 'content-type': type },
    payload: body,
  })

describe('lot pictures', () => {
  it('stores the seller’s picture under the data directory and serves it as immutable', async () => {
    const { b, lot } = await sellerWithLot()
    const res = await upload(b, lot.id, 'image/png', PNG)
    expect(res.statusCode).toBe(200)
    const summary = res.json()
    expect(summary.imageUrl).toMatch(new RegExp(`^uploads/lots/${lot.id}-[0-9a-f]{20}\\.png$`))
    expect(summary.version).toBe(lot.version + 1)
    const stored = await readFile(join(testConfig().dataDir, summary.imageUrl))
    expect(stored.equals(PNG)).toBe(true)
    const served = await t.app.inject(`/${summary.imageUrl}`)
    expect(served.statusCode).toBe(200)
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(served.rawPayload.equals(PNG)).toBe(true)
    const detail = await b.request({ method: 'GET', url: `/api/lots/${lot.id}` })
    expect(detail.json().imageUrl).toBe(summary.imageUrl)
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
    const after = await b.request({ method: 'GET', url: `/api/lots/${lot.id}` })
    expect(after.json()).toMatchObject({ imageUrl: null, version: lot.version })
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
    const stranger = await upload(other, lot.id, 'image/jpeg', JPEG)
    expect(stranger.statusCode).toBe(403)
    const guest = await t.app.inject({
      method: 'PUT',
      url: `/api/lots/${lot.id}/image`,
      headers: { 'content-type': 'image/jpeg', 'x-requested-with': 'XMLHttpRequest' },
      payload: JPEG,
    })
    expect(guest.statusCode).toBe(401)
  })
})

const lotsDir = join(testConfig().dataDir, 'uploads', 'lots')
const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  )
const filesOf = async (lotId: string) =>
  (await readdir(lotsDir)).filter((f) => f.startsWith(lotId)).sort()

describe('picture files on disk', () => {
  it('deletes the replaced picture, and keeps the file when the same picture is sent again', async () => {
    const { b, lot } = await sellerWithLot()
    const first = (await upload(b, lot.id, 'image/png', PNG)).json().imageUrl as string
    const second = (await upload(b, lot.id, 'image/jpeg', JPEG)).json().imageUrl as string
    expect(await exists(join(testConfig().dataDir, first))).toBe(false)
    expect(await filesOf(lot.id)).toEqual([second.replace('uploads/lots/', '')])
    const again = await upload(b, lot.id, 'image/jpeg', JPEG)
    expect(again.statusCode).toBe(200)
    expect(await filesOf(lot.id)).toEqual([second.replace('uploads/lots/', '')])
  })

  it(`takes the same picture sent several times at once, leaving one file and no temporary ones${raceNote}`, async () => {
    const { b, lot } = await sellerWithLot()
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => upload(b, lot.id, 'image/png', PNG)),
    )
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200])
    expect(await filesOf(lot.id)).toHaveLength(1)
    expect((await readdir(lotsDir)).filter((f) => f.endsWith('.tmp'))).toEqual([])
  })

  it(`keeps the file the lot points at when two different pictures race${raceNote}`, async () => {
    // Once: the lot at A; A again and B at once — B's replacing A and A's replacing B used to
    // delete each other's file, leaving the lot pointing at nothing.
    const { b, lot } = await sellerWithLot()
    await upload(b, lot.id, 'image/png', PNG)
    const answers = await Promise.all([
      upload(b, lot.id, 'image/png', PNG),
      upload(b, lot.id, 'image/jpeg', JPEG),
      upload(b, lot.id, 'image/png', PNG),
    ])
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200])
    const now = (await b.request({ method: 'GET', url: `/api/lots/${lot.id}` })).json()
    const path = (now as { imageUrl: string }).imageUrl.replace(/^\/?uploads\//, '')
    expect(await exists(join(testConfig().dataDir, 'uploads', path))).toBe(true)
    expect(await filesOf(lot.id)).toEqual([path.replace('lots/', '')])
  })

  it('refuses a picture once the lot has ended (even before it is settled) or was cancelled', async () => {
    const { b, lot } = await sellerWithLot()
    await upload(b, lot.id, 'image/png', PNG)
    await t.db.query(
      `update lots set starts_at = now() - interval '1 hour', ends_at = now() - interval '1 second' where id = $1`,
      [lot.id],
    )
    const late = await upload(b, lot.id, 'image/jpeg', JPEG)
    expect(late.statusCode).toBe(409)
    expect(late.headers['content-type']).toMatch(/problem\+json/)
    const other = await sellerWithLot()
    await other.b.request({ method: 'POST', url: `/api/lots/${other.lot.id}/cancel` })
    expect((await upload(other.b, other.lot.id, 'image/png', PNG)).statusCode).toBe(409)
    expect(await filesOf(other.lot.id)).toEqual([])
    const detail = await b.request({ method: 'GET', url: `/api/lots/${lot.id}` })
    expect(detail.json().imageUrl).toMatch(/\.png$/)
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
      method: 'PUT',
      url: `/api/lots/${lot.id}/image`,
      headers: { 'content-type': 'image/jpeg', 'transfer-encoding': 'chunked' },
      payload: chunked(LOT_IMAGE_MAX_BYTES + 1, JPEG),
    })
    expect(streamed.statusCode).toBe(413)
    expect(streamed.headers['content-type']).toMatch(/problem\+json/)
    expect(streamed.json().code).toBe('payload_too_large')
    const declaredHuge = await b.request({
      method: 'PUT',
      url: `/api/lots/${lot.id}/image`,
      headers: { 'content-type': 'image/jpeg', 'content-length': String(50 * 1024 * 1024) },
      payload: JPEG,
    })
    expect(declaredHuge.statusCode).toBe(413)
    expect(declaredHuge.json().code).toBe('payload_too_large')
    const declaredSmall = await b.request({
      method: 'PUT',
      url: `/api/lots/${lot.id}/image`,
      headers: { 'content-type': 'image/jpeg', 'content-length': '10' },
      payload: chunked(LOT_IMAGE_MAX_BYTES + 1, JPEG),
    })
    expect(declaredSmall.statusCode).toBeGreaterThanOrEqual(400)
    expect(declaredSmall.statusCode).toBeLessThan(500)
    expect(declaredSmall.headers['content-type']).toMatch(/problem\+json/)
    expect(await filesOf(lot.id)).toEqual([])
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
            startingPrice: 1_000,
            endsAt: new Date(Date.now() + 3_600_000).toISOString(),
          },
        })
        return { b, id: lot.json().id as string }
      }
      const one = await seller()
      const send = (s: { b: ReturnType<typeof browser>; id: string }, body: Buffer) =>
        s.b.request({
          method: 'PUT',
          url: `/api/lots/${s.id}/image`,
          headers: { 'content-type': 'image/png' },
          payload: body,
        })
      expect((await send(one, PNG)).statusCode).toBe(200)
      expect((await send(one, PNG)).statusCode).toBe(200)
      const third = await send(one, PNG)
      expect(third.statusCode).toBe(429)
      expect(third.json().code).toBe('rate_limited')
      expect(third.headers['content-type']).toMatch(/problem\+json/)
      // Refused before its body is read: a member over the limit cannot make us take 2 MB more
      // (a body still to be read would be judged by its size first: 413).
      const announcedHuge = await one.b.request({
        method: 'PUT',
        url: `/api/lots/${one.id}/image`,
        headers: { 'content-type': 'image/png', 'content-length': String(50 * 1024 * 1024) },
        payload: PNG,
      })
      expect(announcedHuge.statusCode).toBe(429)
      expect((await send(await seller(), PNG)).statusCode).toBe(200)
    } finally {
      await limited.close()
    }
  })
})
