import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOT_IMAGE_MAX_BYTES } from '../../common/auction.ts'
import { browser, createTestApp, testConfig, uniqueEmail, type TestApp } from './helpers.ts'

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
