/**
 * The shell names the first screen's picture (decision 0031): the list's first cover or a lot
 * room's first picture, as `<link rel="preload" as="image">` with the `<img>`'s own srcset and
 * sizes, so the browser fetches it beside the code and picks the same copy.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CARD_PICTURE_SIZES,
  GALLERY_PICTURE_SIZES,
  pictureSrcset,
  type LotPicture,
} from '../../common/auction.ts'
import { encodePng } from '../../server/jobs/demo-pictures.ts'
import { browser, createTestApp, uniqueEmail, type TestApp } from './helpers.ts'

let dist: string
let t: TestApp
let lotId: string
let cover: LotPicture
const BASE = '/lotline/'

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'lotline-shell-'))
  await writeFile(join(dist, 'index.html'), '<!doctype html><head><title>Shell</title></head>')
  t = await createTestApp({ distDir: dist, env: { BASE_PATH: BASE } })
  const seller = browser(t.app)
  await seller.request({
    method: 'POST',
    url: `${BASE}api/auth/register`,
    payload: { name: 'Sam', email: uniqueEmail('shell'), password: 'pictures please' },
  })
  const created = await seller.request({
    method: 'POST',
    url: `${BASE}api/lots`,
    payload: {
      title: 'First to end',
      category: 'other',
      startingPrice: 1_000,
      endsAt: new Date(Date.now() + 120_000).toISOString(),
    },
  })
  lotId = created.json().id
  const uploaded = await seller.request({
    method: 'POST',
    url: `${BASE}api/lots/${lotId}/pictures`,
    headers: { 'content-type': 'image/png' },
    payload: encodePng(700, 525, (x) => [x % 256, 40, 90]),
  })
  expect(uploaded.statusCode).toBe(201)
  cover = uploaded.json().pictures[0]
  expect(cover.widths).toEqual([320, 640, 700])
})
afterAll(async () => {
  await t?.close()
  await rm(dist, { recursive: true, force: true })
})

const shell = async (url: string) => {
  const res = await t.app.inject(url)
  expect(res.statusCode).toBe(200)
  expect(res.headers['content-type']).toMatch(/^text\/html/)
  return res.body
}
const imagePreloads = (html: string) =>
  html.match(/<link rel="preload"[^>]*as="image"[^>]*>/g) ?? []
const escaped = (s: string) => s.replaceAll('&', '&amp;').replaceAll('"', '&quot;')

describe('the shell preloads the picture its first screen shows first', () => {
  it("names the list's first cover with the card's srcset and sizes, at high priority", async () => {
    const links = imagePreloads(await shell(BASE))
    expect(links).toHaveLength(1)
    const srcset = pictureSrcset(cover, (u) => BASE + u)
    expect(links[0]).toContain(`href="${BASE}${cover.url}"`)
    expect(links[0]).toContain(`imagesrcset="${escaped(srcset)}"`)
    expect(links[0]).toContain(`imagesizes="${CARD_PICTURE_SIZES}"`)
    expect(links[0]).toContain('fetchpriority="high"')
    // The named copies exist where the link says.
    for (const href of srcset.split(', ').map((c) => c.split(' ')[0]!)) {
      expect((await t.app.inject(href)).headers['content-type']).toBe('image/webp')
    }
  })

  it("names a lot room's first picture with the gallery's sizes", async () => {
    const links = imagePreloads(await shell(`${BASE}lots/${lotId.toUpperCase()}`))
    expect(links).toHaveLength(1)
    expect(links[0]).toContain(`imagesizes="${GALLERY_PICTURE_SIZES}"`)
  })

  it('names none where the screen shows none, and never echoes what the address says', async () => {
    for (const url of [
      `${BASE}?status=closed`,
      `${BASE}?q=lamp`,
      `${BASE}lots/not-a-lot"><script>x</script>`,
      `${BASE}lots/00000000-0000-4000-8000-000000000000`,
      `${BASE}wallet`,
    ]) {
      const html = await shell(url)
      expect(imagePreloads(html)).toEqual([])
      expect(html).not.toContain('<script>x')
    }
  })
})
