import { mkdtemp, mkdir, writeFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from './helpers.ts'

let dist: string
beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'lotline-dist-'))
  await mkdir(join(dist, 'assets'))
  await writeFile(join(dist, 'index.html'), '<!doctype html><title>Lotline shell</title>')
  await writeFile(join(dist, 'assets', 'index-Ab12Cd34.js'), 'console.log(1)')
  await writeFile(join(dist, 'sw.js'), 'self.x=1')
  await writeFile(join(dist, 'manifest.webmanifest'), '{"name":"Lotline"}')
  await writeFile(join(dist, 'pwa-192.png'), 'png')
})
afterAll(() => rm(dist, { recursive: true, force: true }))

describe.each([
  ['/', ''],
  ['/lotline/', '/lotline'],
])('serving the client under base %s', (basePath, prefix) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ distDir: dist, env: { BASE_PATH: basePath } })
  })
  afterAll(() => t.close())

  it('serves hashed assets as immutable for a year', async () => {
    const res = await t.app.inject(`${prefix}/assets/index-Ab12Cd34.js`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  it('never lets the shell entry points be cached without revalidation', async () => {
    for (const file of ['sw.js', 'manifest.webmanifest']) {
      const res = await t.app.inject(`${prefix}/${file}`)
      expect(res.statusCode, file).toBe(200)
      expect(res.headers['cache-control'], file).toBe('no-cache')
    }
    const manifest = await t.app.inject(`${prefix}/manifest.webmanifest`)
    expect(manifest.headers['content-type']).toMatch(/application\/manifest\+json/)
  })

  it('answers app routes (deep links) with the shell, with security headers', async () => {
    for (const path of ['/', '/lots/123', '/wallet/top-up']) {
      const res = await t.app.inject(`${prefix}${path}`)
      expect(res.statusCode, path).toBe(200)
      expect(res.body).toContain('Lotline shell')
      expect(res.headers['cache-control']).toBe('no-store')
      expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/)
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    }
  })

  it('answers unknown API paths and missing files with problem+json 404, never the shell', async () => {
    // Also spelled with percent-escapes (decided on the path the router sees) or badly escaped.
    const paths = ['/api/nope', '/health/x', '/assets/missing-123.js', '/broadcasting/x']
    for (const path of [...paths, '/%61pi/nope', '/%61ssets/missing.js']) {
      const res = await t.app.inject(`${prefix}${path}`)
      expect(res.statusCode, path).toBe(404)
      expect(res.headers['content-type'], path).toMatch(/problem\+json/)
    }
    const badlyEscaped = await t.app.inject(`${prefix}/%E0%A4%A`)
    expect(badlyEscaped.statusCode).toBe(400)
    expect(badlyEscaped.headers['content-type']).toMatch(/problem\+json/)
  })

  it('reports health with its dependencies', async () => {
    const res = await t.app.inject(`${prefix}/health`)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ status: 'ok', dependencies: { database: 'ok' } })
  })
})

describe('health when a dependency is down', () => {
  it('answers 503 and names the dependency', async () => {
    const t = await createTestApp({ healthChecks: { realtime: async () => false } })
    const res = await t.app.inject('/health')
    expect(res.statusCode).toBe(503)
    expect(res.json().dependencies).toEqual({ database: 'ok', realtime: 'down' })
    await t.close()
  })
})
