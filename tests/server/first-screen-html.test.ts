/**
 * The first screen as HTML (decision 0059), at the server's edge: the build's renderer is loaded
 * from the client build and its HTML written into the shell with the hints hydration needs; a
 * renderer that gives up or throws leaves the shell as it was; the renderer itself is never
 * served; the visitor's own inputs (zone cookie, headers) cannot break the page.
 */
import { mkdtemp, mkdir, writeFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  looksLikePhone,
  RENDERER_PATH,
  timeZoneFrom,
  withRenderedScreen,
} from '../../server/lib/first-screen-html.ts'
import { createTestApp, type TestApp } from './helpers.ts'

const SHELL = `<!doctype html>
<html lang="en" dir="ltr">
  <head>
    <link rel="preload" as="style" crossorigin href="/assets/style-Ab12.css" data-app-style>
  </head>
  <body>
    <div id="root">
      <div class="boot">skeleton</div>
    </div>
  </body>
</html>`

/** A renderer as the build writes it: what it draws depends on the address, to test each way. */
const RENDERER = `export async function renderFirstScreen(request) {
  if (request.path === '/lots/throws') throw new Error('render failed')
  if (request.path === '/lots/gives-up') return undefined
  return '<main><h1>Drawn ' + request.path + ' in ' + request.language + ' $& $1</h1></main>'
}`

let dist: string
let t: TestApp
beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'lotline-ssr-'))
  await mkdir(join(dist, 'assets'))
  await mkdir(join(dist, '.vite', 'ssr'), { recursive: true })
  await writeFile(join(dist, 'index.html'), SHELL)
  await writeFile(join(dist, 'assets', 'style-Ab12.css'), '.lot{color:red}')
  await writeFile(join(dist, RENDERER_PATH), RENDERER)
  t = await createTestApp({ distDir: dist })
})
afterAll(async () => {
  await t?.close()
  await rm(dist, { recursive: true, force: true })
})

const page = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers })

describe('a rendered first screen', () => {
  it("takes the skeleton's place, with the hints and the stylesheet in the page", async () => {
    const res = await page('/', {
      'accept-language': 'es-ES,es;q=0.9',
      'sec-ch-ua-mobile': '?1',
      cookie: 'lotline_tz=Europe%2FMadrid',
    })
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('<h1>Drawn / in es $&amp; $1</h1>'.replace('&amp;', '&'))
    expect(res.body).not.toContain('skeleton')
    expect(res.body).toContain('<html lang="es"')
    expect(res.body).toMatch(/<div id="root" data-ssr-lang="es" data-ssr-now="\d+"/)
    expect(res.body).toContain('data-ssr-phone="1"')
    expect(res.body).toContain('data-ssr-tz="Europe/Madrid"')
    // The stylesheet is in the page: no request holds the first paint.
    expect(res.body).toContain('<style data-app-style>.lot{color:red}</style>')
    expect(res.body).not.toContain('rel="preload" as="style"')
  })

  it('leaves the shell as it was when the renderer gives up or throws', async () => {
    for (const url of ['/lots/gives-up', '/lots/throws']) {
      const res = await page(url)
      expect(res.statusCode, url).toBe(200)
      expect(res.body, url).toContain('skeleton')
      expect(res.body, url).not.toContain('data-ssr-')
      expect(res.body, url).toContain('rel="preload" as="style"')
    }
  })

  it('never serves the renderer itself', async () => {
    for (const url of ['/.vite/ssr/entry-server.js', '/%2Evite/ssr/entry-server.js']) {
      const res = await page(url)
      expect(res.statusCode, url).toBe(404)
      expect(res.body, url).not.toContain('renderFirstScreen')
    }
  })
})

describe("the visitor's hints", () => {
  it('takes a zone only when this runtime knows it, whatever the cookie holds', () => {
    expect(timeZoneFrom({ lotline_tz: 'America/New_York' })).toBe('America/New_York')
    for (const hostile of [
      undefined,
      '',
      'Mars/Olympus',
      '../../etc/passwd',
      'Europe/Madrid"><script>',
      'A'.repeat(500),
    ]) {
      expect(timeZoneFrom({ lotline_tz: hostile }), String(hostile)).toBe('UTC')
    }
  })

  it('sends the phone layout to phones, by client hint or user agent', () => {
    expect(looksLikePhone({ 'sec-ch-ua-mobile': '?1' })).toBe(true)
    expect(
      looksLikePhone({
        'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148',
      }),
    ).toBe(true)
    expect(looksLikePhone({ 'user-agent': 'Mozilla/5.0 (Linux; Android 14; Pixel 8)' })).toBe(true)
    expect(looksLikePhone({ 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126' })).toBe(
      false,
    )
    expect(looksLikePhone({})).toBe(false)
  })

  it('writes every hint as an escaped attribute', () => {
    const html = withRenderedScreen(SHELL, {
      html: '<p>x</p>',
      language: 'en',
      hints: { now: 1, phone: false, timeZone: 'a"b<c' },
    })
    expect(html).toContain('data-ssr-tz="a&quot;b&lt;c"')
  })
})
