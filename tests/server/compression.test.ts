/**
 * Every byte compressed (decision 0029): the build's text assets as brotli or gzip by
 * Accept-Encoding, the shell and API JSON compressed on the fly, the right caching for each.
 */
import { spawnSync } from 'node:child_process'
import { mkdtemp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { compressDir, MIN_BYTES } from '../../build/compress.ts'
import { createTestApp, type TestApp } from './helpers.ts'

const ROOT = join(import.meta.dirname, '..', '..')
const decode = (encoding: string | undefined, body: Buffer) =>
  encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body

async function get(t: TestApp, url: string, acceptEncoding?: string) {
  const res = await t.app.inject({
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  })
  const encoding = res.headers['content-encoding'] as string | undefined
  return { res, encoding, body: decode(encoding, res.rawPayload) }
}

describe('the production build, served compressed', () => {
  let dist: string
  let t: TestApp
  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'lotline-compressed-'))
    const build = spawnSync(
      process.execPath,
      [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', dist, '--emptyOutDir'],
      { cwd: ROOT, env: { ...process.env, NODE_ENV: 'production', VITEST: '' }, encoding: 'utf8' },
    )
    if (build.status !== 0) throw new Error(`vite build failed:\n${build.stderr}`)
    t = await createTestApp({ distDir: dist })
  }, 180_000)
  afterAll(async () => {
    await t?.close()
    await rm(dist, { recursive: true, force: true })
  })

  it('answers the shell and its entry points in brotli, gzip or plain as asked, always the same bytes', async () => {
    const index = await readFile(join(dist, 'index.html'))
    for (const file of ['sw.js', 'manifest.webmanifest']) {
      const original = await readFile(join(dist, file))
      for (const [accept, expected] of [
        ['br, gzip', 'br'],
        ['gzip, deflate', 'gzip'],
        [undefined, undefined],
        ['identity', undefined],
      ] as const) {
        const { res, encoding, body } = await get(t, `/${file}`, accept)
        expect(res.statusCode, `${file} ${accept}`).toBe(200)
        expect(encoding, `${file} ${accept}`).toBe(expected)
        expect(body.equals(original), `${file} ${accept}`).toBe(true)
        expect(res.headers.vary, file).toMatch(/accept-encoding/i)
        expect(res.headers['cache-control'], file).toBe('no-cache')
      }
    }
    // The shell for the start URL and a deep link: compressed, never stored (it carries the
    // session's answer, which the API sends no-store; decision 0039).
    for (const path of ['/', '/lots/abc']) {
      const br = await get(t, path, 'gzip, deflate, br')
      expect(br.encoding, path).toBe('br')
      expect(br.res.headers['cache-control'], path).toBe('no-store')
      expect(br.res.headers.vary, path).toMatch(/accept-encoding/i)
      // The page is the build's index.html with the first screen's requests named in its head,
      // its answers written in (decision 0039) and its screen drawn (decision 0059); the
      // server's clock moves between the two (answers' times, the render's time, countdowns).
      const plain = await get(t, path)
      expect(plain.encoding).toBeUndefined()
      const clockless = (page: Buffer) =>
        page
          .toString()
          .replace(/"serverTime":"[^"]*"/g, '"serverTime":""')
          .replace(/\d/g, '0')
      expect(clockless(br.body)).toBe(clockless(plain.body))
      expect(plain.body.toString()).toContain(index.toString().slice(0, 200))
    }
  })

  it('never sends a hashed asset uncompressed to a client that takes compression, and keeps each a year', async () => {
    const assets = (await readdir(join(dist, 'assets'))).filter((f) => /\.(js|css)$/.test(f))
    expect(assets.length).toBeGreaterThan(10)
    let compressed = 0
    for (const file of assets) {
      const original = await readFile(join(dist, 'assets', file))
      const { res, encoding, body } = await get(t, `/assets/${file}`, 'gzip, deflate, br, zstd')
      expect(res.statusCode, file).toBe(200)
      expect(body.equals(original), file).toBe(true)
      expect(res.headers['cache-control'], file).toBe('public, max-age=31536000, immutable')
      expect(res.headers['content-type'], file).toMatch(file.endsWith('.js') ? /javascript/ : /css/)
      if (original.length >= MIN_BYTES) {
        expect(encoding, file).toBe('br')
        // The build's own copy (brotli 11), not one made per request.
        const copy = await readFile(join(dist, 'assets', `${file}.br`))
        expect(res.rawPayload.equals(copy), file).toBe(true)
        compressed += 1
      }
    }
    expect(compressed).toBeGreaterThan(10)
  })

  it('compresses API JSON over the threshold, and leaves small answers alone', async () => {
    const big = await get(t, '/api/openapi.json', 'br')
    expect(big.encoding).toBe('br')
    expect(JSON.parse(big.body.toString()).openapi).toBe('3.1.0')
    const gzip = await get(t, '/api/openapi.json', 'gzip')
    expect(gzip.encoding).toBe('gzip')
    expect(gzip.body.equals(big.body)).toBe(true)
    const small = await get(t, '/api/session', 'br')
    expect(small.encoding).toBeUndefined()
    expect(JSON.parse(small.body.toString())).toEqual({ user: null })
  })
})

describe('precompressed files under a base path', () => {
  let dist: string
  let t: TestApp
  const script = `console.log(${JSON.stringify('lotline '.repeat(200))})`
  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'lotline-base-'))
    await mkdir(join(dist, 'assets'))
    await writeFile(
      join(dist, 'index.html'),
      `<!doctype html><head><title>Shell</title></head>${'<p>x</p>'.repeat(300)}`,
    )
    await writeFile(join(dist, 'assets', 'index-Ab12Cd34.js'), script)
    await writeFile(join(dist, 'assets', 'tiny-Ab12Cd34.js'), 'self.x=1')
    await writeFile(join(dist, 'sw.js'), script)
    expect(compressDir(dist)).toBe(3) // index.html, the script, sw.js; the tiny one is not worth it
    t = await createTestApp({ distDir: dist, env: { BASE_PATH: '/lotline/' } })
  })
  afterAll(async () => {
    await t?.close()
    await rm(dist, { recursive: true, force: true })
  })

  it('negotiates under the base path too, and serves a file with no precompressed copy all the same', async () => {
    const js = await get(t, '/lotline/assets/index-Ab12Cd34.js', 'gzip')
    expect(js.encoding).toBe('gzip')
    expect(js.body.toString()).toBe(script)
    expect((await get(t, '/lotline/sw.js', 'br')).encoding).toBe('br')
    const tiny = await get(t, '/lotline/assets/tiny-Ab12Cd34.js', 'br')
    expect(tiny.res.statusCode).toBe(200)
    expect(tiny.body.toString()).toBe('self.x=1')
    const shell = await get(t, '/lotline/lots/abc', 'br')
    expect(shell.encoding).toBe('br')
    expect(shell.body.toString()).toContain('<title>Shell</title>')
    expect(shell.body.toString()).toContain('<link rel="preload" href="/lotline/api/lots/abc"')
  })
})
