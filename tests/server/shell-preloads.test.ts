/**
 * The shell names the first screen's picture (decision 0031): the list's first cover or a lot
 * room's first picture, as `<link rel="preload" as="image">` with the `<img>`'s own srcset and
 * sizes, so the browser fetches it beside the code and picks the same copy.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
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
import { withFirstScreenPreloads } from '../../server/lib/shell-preloads.ts'
import { browser, createTestApp, uniqueEmail, type TestApp } from './helpers.ts'

/**
 * A build's manifest as Vite writes it: the entry, which imports the app's start once the page
 * has painted (the libraries, then the app's chunk, keyed by the chunk: decision 0059), two
 * screens, what they share.
 */
const MANIFEST = {
  'index.html': {
    file: 'assets/index-E1.js',
    isEntry: true,
    imports: ['_entry-N1.js'],
    dynamicImports: ['src/boot-libraries.ts', '_app-A1.js'],
  },
  '_entry-N1.js': { file: 'assets/entry-N1.js' },
  'src/boot-libraries.ts': { file: 'assets/boot-libraries-B1.js', imports: ['_vendor-V1.js'] },
  '_vendor-V1.js': { file: 'assets/vendor-V1.js' },
  '_app-A1.js': { file: 'assets/app-A1.js', imports: ['_vendor-V1.js'] },
  '_screens-S1.js': { file: 'assets/screens-S1.js', imports: ['_vendor-V1.js', '_app-A1.js'] },
  'src/features/lots/LotListScreen.tsx': {
    file: 'assets/LotListScreen-L1.js',
    imports: ['_screens-S1.js', '_app-A1.js'],
  },
  'src/i18n/messages/lot-list.ts': { file: 'assets/lot-list-M1.js' },
  'src/features/lots/LotScreen.tsx': {
    file: 'assets/LotScreen-R1.js',
    imports: ['_screens-S1.js'],
  },
  'src/i18n/more.ts': { file: 'assets/more-M2.js', imports: ['_screens-S1.js'] },
  'src/features/wallet/WalletScreen.tsx': { file: 'assets/WalletScreen-W1.js' },
}

let dist: string
let t: TestApp
let lotId: string
let cover: LotPicture
const BASE = '/lotline/'

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'lotline-shell-'))
  await writeFile(
    join(dist, 'index.html'),
    // The skeleton's places for a first picture, as in index.html.
    '<!doctype html><head><title>Shell</title></head><body><main class="main">' +
      '<div class="boot-card"><div class="boot-media"></div></div></main></body>',
  )
  await mkdir(join(dist, '.vite'))
  await writeFile(join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST))
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
      delivery: { pickup: { town: 'Madrid' } },
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
const skeletonPictures = (html: string) =>
  html.match(/<div class="boot-(?:gallery|media)"><img[^>]*>/g) ?? []
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

  it("paints a lot room's first picture in the skeleton, as the gallery's <img> asks for it", async () => {
    const html = await shell(`${BASE}lots/${lotId}`)
    const painted = skeletonPictures(html)
    expect(painted).toHaveLength(1)
    const srcset = pictureSrcset(cover, (u) => BASE + u)
    expect(painted[0]).toContain(`src="${BASE}${cover.url}"`)
    expect(painted[0]).toContain(`srcset="${escaped(srcset)}"`)
    expect(painted[0]).toContain(`sizes="${escaped(GALLERY_PICTURE_SIZES)}"`)
    // Decorative while the room loads (the gallery's own <img> says what it shows), and first.
    expect(painted[0]).toContain('alt=""')
    expect(html).toContain(
      '<main class="main"><div class="boot-back"></div><div class="boot-gallery"><img',
    )
  })

  it("paints the list's first cover in the skeleton's first card, as the card's <img> asks for it", async () => {
    const html = await shell(BASE)
    const painted = skeletonPictures(html)
    expect(painted).toHaveLength(1)
    const srcset = pictureSrcset(cover, (u) => BASE + u)
    expect(painted[0]).toContain(`<div class="boot-media"><img src="${BASE}${cover.url}"`)
    expect(painted[0]).toContain(`srcset="${escaped(srcset)}"`)
    expect(painted[0]).toContain(`sizes="${escaped(CARD_PICTURE_SIZES)}"`)
    expect(painted[0]).toContain('alt=""')
    // Only there: the room's picture box is not written on the list.
    expect(html).not.toContain('boot-gallery')
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
      expect(skeletonPictures(html)).toEqual([])
      expect(html).not.toContain('<script>x')
    }
  })
})

const modulePreloads = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1])

describe("the shell names its first screen's code (decision 0035)", () => {
  /** What every page's entry imports once the page has painted: the libraries, then the app. */
  const start = [
    `${BASE}assets/vendor-V1.js`,
    `${BASE}assets/boot-libraries-B1.js`,
    `${BASE}assets/app-A1.js`,
  ]

  it("names the app's start and the list's chunks, imports first, and none the entry already names", async () => {
    expect(modulePreloads(await shell(BASE))).toEqual([
      ...start,
      `${BASE}assets/screens-S1.js`,
      `${BASE}assets/LotListScreen-L1.js`,
      `${BASE}assets/lot-list-M1.js`,
    ])
  })

  it("names a lot room's chunks, and the app's start alone for screens it does not know", async () => {
    expect(modulePreloads(await shell(`${BASE}lots/${lotId}`))).toEqual([
      ...start,
      `${BASE}assets/screens-S1.js`,
      `${BASE}assets/LotScreen-R1.js`,
      `${BASE}assets/more-M2.js`,
    ])
    // A reset or verification link opens one of these first: its app must not wait for the
    // libraries to have run before the app's chunk is even requested.
    for (const url of [`${BASE}wallet`, `${BASE}lots/new`, `${BASE}nowhere/at/all`]) {
      expect(modulePreloads(await shell(url))).toEqual(start)
    }
  })

  it('keeps them in a template on a page the server drew, for the entry to request after the picture (decision 0060)', () => {
    const files = () => ['assets/vendor-V1.js', 'assets/LotScreen-R1.js']
    const head = '<html><head></head><body></body></html>'
    const url = `${BASE}lots/${lotId}`
    const drawn = withFirstScreenPreloads(head, BASE, url, undefined, files, new Map(), true)
    const template = /<template id="code-after-picture">(.*?)<\/template>/s.exec(drawn)
    expect(modulePreloads(template?.[1] ?? '')).toEqual([
      `${BASE}assets/vendor-V1.js`,
      `${BASE}assets/LotScreen-R1.js`,
    ])
    // Nothing outside it: no script is requested before the page has loaded.
    expect(modulePreloads(drawn.replace(template?.[0] ?? '', ''))).toEqual([])
    // The shell's skeleton needs its code at once.
    const skeleton = withFirstScreenPreloads(head, BASE, url, undefined, files)
    expect(skeleton).not.toContain('<template')
    expect(modulePreloads(skeleton)).toHaveLength(2)
  })

  it('serves the shell without them when the manifest is missing or unreadable', async () => {
    await writeFile(join(dist, '.vite', 'manifest.json'), '{not json')
    try {
      const html = await shell(BASE)
      expect(modulePreloads(html)).toEqual([])
      expect(answersIn(html)).toHaveProperty('api/config')
    } finally {
      await writeFile(join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST))
    }
  })
})

/** The page's data block (decision 0039), parsed; undefined when the page has none. */
function answersIn(html: string): Record<string, unknown> | undefined {
  const block = /<script type="application\/json" id="first-screen-answers">(.*?)<\/script>/s.exec(
    html,
  )
  return block ? (JSON.parse(block[1]!) as Record<string, unknown>) : undefined
}
const fetchPreloads = (html: string) =>
  [...html.matchAll(/<link rel="preload" href="([^"]+)" as="fetch"/g)].map((m) => m[1])

/** A new member's browser, signed in. */
async function signedUp(name: string) {
  const member = browser(t.app)
  const registered = await member.request({
    method: 'POST',
    url: `${BASE}api/auth/register`,
    payload: { name, email: uniqueEmail(name.toLowerCase()), password: 'a long enough password' },
  })
  expect(registered.statusCode).toBe(201)
  return member
}

describe("the shell brings its first screen's answers (decision 0039)", () => {
  it("writes the list's answers into the page, each the API's own, and preloads none of them", async () => {
    const html = await shell(BASE)
    const answers = answersIn(html)!
    expect(Object.keys(answers).sort()).toEqual([
      'api/config',
      'api/lots?status=open',
      'api/session',
    ])
    expect(answers['api/session']).toEqual({ user: null })
    const lots = (await t.app.inject(`${BASE}api/lots?status=open`)).json()
    expect(
      (answers['api/lots?status=open'] as typeof lots).items.map((l: { id: string }) => l.id),
    ).toEqual(lots.items.map((l: { id: string }) => l.id))
    expect(fetchPreloads(html)).toEqual([])
  })

  it("brings a member's own session, in a page no cache keeps, as the API keeps none of it", async () => {
    const member = await signedUp('Mia')
    const res = await t.app.inject({
      url: `${BASE}lots/${lotId}`,
      headers: { cookie: member.cookie! },
    })
    expect(res.headers['cache-control']).toBe('no-store')
    const answers = answersIn(res.body)!
    expect((answers['api/session'] as { user: { name: string } }).user.name).toBe('Mia')
    expect((answers[`api/lots/${lotId}`] as { id: string }).id).toBe(lotId)
    expect(answers).toHaveProperty(`api/lots/${lotId}/bids`)
  })

  it('leaves an answer that is not a plain success to the app: a missing lot stays a request', async () => {
    const missing = '00000000-0000-4000-8000-000000000000'
    const html = await shell(`${BASE}lots/${missing}`)
    expect(Object.keys(answersIn(html)!).sort()).toEqual(['api/config', 'api/session'])
    expect(fetchPreloads(html).sort()).toEqual([
      `${BASE}api/lots/${missing}`,
      `${BASE}api/lots/${missing}/bids`,
    ])
  })

  it('cannot be ended by what a seller writes: a title of </script><script> reads back whole', async () => {
    const seller = await signedUp('Eve')
    // `$'` and `$&` too: as a string replacement's patterns they would paste the page into itself.
    const title = "</script><script>alert(1)</script><!-- $' $& $` $$"
    const created = await seller.request({
      method: 'POST',
      url: `${BASE}api/lots`,
      payload: {
        title,
        category: 'other',
        startingPrice: 1_000,
        endsAt: new Date(Date.now() + 3_600_000).toISOString(),
        delivery: { pickup: { town: 'Madrid' } },
      },
    })
    expect(created.statusCode).toBe(201)
    const id = created.json().id as string
    const html = await shell(`${BASE}lots/${id}`)
    expect(html).not.toContain('<script>alert')
    expect(html.match(/<\/script>/g)).toHaveLength(1)
    expect((answersIn(html)![`api/lots/${id}`] as { title: string }).title).toBe(title)
  })
})
