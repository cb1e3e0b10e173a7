import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app.ts'
import { loadConfig } from '../../server/config.ts'
import { encodePng } from '../../server/jobs/demo-pictures.ts'
import type { FastifyInstance } from 'fastify'
import { member, openLot } from './auction-helpers.ts'
import { createTestDatabase, testConfig } from './helpers.ts'
import type { Database } from '../../server/db/types.ts'

/**
 * Two API nodes, each with its own DATA_DIR, sharing one UPLOADS_DIR (a network volume in a real
 * deployment; decision 0034): a picture uploaded through one node is served, with its copies, by
 * the other, and one removed through the other is gone from both.
 */
describe('lot pictures with several nodes', () => {
  const shared = mkdtempSync(join(tmpdir(), 'lotline-shared-uploads-'))
  const own = [0, 1].map(() => mkdtempSync(join(tmpdir(), 'lotline-node-data-')))
  let db: Database
  let nodes: FastifyInstance[]

  beforeAll(async () => {
    db = await createTestDatabase()
    nodes = await Promise.all(
      own.map(async (dataDir) => {
        const config = loadConfig({
          NODE_ENV: 'test',
          WEB_PUSH: 'off',
          DATA_DIR: dataDir,
          UPLOADS_DIR: shared,
        })
        const app = await buildApp({ logger: false, config, db })
        await app.ready()
        return app
      }),
    )
  })
  afterAll(async () => {
    await Promise.all(nodes.map((n) => n.close()))
    await db.close()
    for (const dir of [shared, ...own]) rmSync(dir, { recursive: true, force: true })
  })

  it('uploads through one node, serves from the other', async () => {
    const [a, b] = nodes as [FastifyInstance, FastifyInstance]
    const seller = await member(a, db, testConfig())
    const lotId = await openLot(db, seller.id)
    const picture = encodePng(900, 600, (x, y) => [x % 256, y % 256, 120])
    const uploaded = await a.inject({
      method: 'POST',
      url: `/api/lots/${lotId}/pictures`,
      headers: {
        'x-requested-with': 'XMLHttpRequest',
        cookie: seller.b.cookie!,
        'content-type': 'image/png',
      },
      payload: picture,
    })
    expect(uploaded.statusCode, uploaded.body).toBe(201)
    const detail = (await b.inject({ method: 'GET', url: `/api/lots/${lotId}` })).json() as {
      pictures: Array<{ id: string; url: string; widths: number[] }>
    }
    const [first] = detail.pictures
    expect(first?.widths).toEqual([320, 640, 900])
    const original = await b.inject({ method: 'GET', url: `/${first!.url}` })
    expect(original.statusCode).toBe(200)
    // The picture re-encoded by node a (decision 0047), read from the shared volume by node b.
    const served = original.rawPayload
    expect(served.equals(await readFile(join(shared, first!.url.replace(/^uploads\//, ''))))).toBe(
      true,
    )
    expect(await sharp(served).metadata()).toMatchObject({ format: 'png', width: 900, height: 600 })
    const copy = await b.inject({
      method: 'GET',
      url: `/${first!.url.replace(/\.png$/, '-640w.webp')}`,
    })
    expect(copy.statusCode).toBe(200)
    expect(copy.headers['content-type']).toBe('image/webp')

    const removed = await b.inject({
      method: 'DELETE',
      url: `/api/lots/${lotId}/pictures/${first!.id}`,
      headers: { 'x-requested-with': 'XMLHttpRequest', cookie: seller.b.cookie! },
    })
    expect(removed.statusCode).toBeLessThan(300)
    expect((await a.inject({ method: 'GET', url: `/${first!.url}` })).statusCode).toBe(404)
  })
})
