import { randomInt } from 'node:crypto'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildApp } from '../../server/app.ts'
import { openRedis } from '../../server/lib/redis.ts'
import type { FastifyInstance } from 'fastify'
import type { Database } from '../../server/db/types.ts'
import { member } from './auction-helpers.ts'
import { createTestDatabase, onPostgres, testConfig, uniqueEmail, XHR } from './helpers.ts'

/**
 * Two API nodes behind one load balancer share their limits through Redis (REDIS_URL): a client
 * spreading attempts over the nodes gets the limit of one node, not one per node. Runs where CI
 * runs the PostgreSQL pass (Redis is on those machines); a fresh machine's `npm test` has neither.
 */
const REDIS_URL = process.env.LOTLINE_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'

const env = {
  TRUST_PROXY: '1',
  SIGNIN_LIMIT_PER_ACCOUNT: '3/1m',
  LOT_CREATE_LIMIT_PER_MEMBER: '2/1m',
}
const config = testConfig(env)
/** A fresh client address per run: the counters live in Redis, beyond this process. */
const someAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`

describe.runIf(onPostgres)('limits shared by two API nodes through Redis', () => {
  let db: Database
  const redis: Redis[] = []
  const nodes: FastifyInstance[] = []

  const node = async (redisUrl: string) => {
    const client = openRedis(redisUrl, { warn: () => undefined })
    redis.push(client)
    const app = await buildApp({ logger: false, config, db, redis: client })
    await app.ready()
    nodes.push(app)
    return app
  }

  beforeAll(async () => {
    db = await createTestDatabase()
  })
  afterAll(async () => {
    await Promise.all(nodes.map((n) => n.close()))
    for (const r of redis) r.disconnect()
    await db.close()
  })

  const signIn = (app: FastifyInstance, address: string, email: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { ...XHR, 'x-forwarded-for': address },
      payload: { email, password: 'a wrong password' },
    })

  it('counts failed sign-ins across the nodes: the 4th of 3 allowed is refused on either', async () => {
    const [a, b] = [await node(REDIS_URL), await node(REDIS_URL)]
    // Connected first: until then each node counts alone (the fallback tested last). Polled, not
    // awaited as an event: on a loaded machine a client's first ready check can time out while
    // the other node is being built, and ioredis then connects again by itself.
    await vi.waitFor(() => expect(redis.map((r) => r.status)).toEqual(['ready', 'ready']), {
      timeout: 15_000,
      interval: 50,
    })
    const address = someAddress()
    const email = uniqueEmail('spread')
    const statuses = []
    for (const app of [a, b, a]) statuses.push((await signIn(app, address, email)).statusCode)
    expect(statuses).toEqual([401, 401, 401])
    const refused = await signIn(b, address, email)
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toMatchObject({ code: 'rate_limited' })
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect((await signIn(a, address, email)).statusCode).toBe(429)
    // Each node tells its scraper that its Redis is there.
    const metrics = await a.inject({ method: 'GET', url: '/metrics' })
    expect(metrics.body).toMatch(/^lotline_redis_up 1$/m)
  })

  it('counts a member’s new lots across the nodes', async () => {
    const [a, b] = nodes as [FastifyInstance, FastifyInstance]
    const seller = await member(a, db, config)
    const list = (app: FastifyInstance, title: string) =>
      app.inject({
        method: 'POST',
        url: '/api/lots',
        headers: { ...XHR, cookie: seller.b.cookie! },
        payload: {
          title,
          category: 'other',
          startingPrice: 1_000,
          endsAt: new Date(Date.now() + 3_600_000).toISOString(),
          delivery: { pickup: { town: 'Madrid' } },
        },
      })
    expect((await list(a, 'First')).statusCode).toBe(201)
    expect((await list(b, 'Second')).statusCode).toBe(201)
    const third = await list(a, 'Third')
    expect(third.statusCode).toBe(429)
    const { rows } = await db.query<{ n: number }>(
      'select count(*)::int as n from lots where seller_id = $1',
      [seller.id],
    )
    expect(rows[0]!.n).toBe(2)
  })

  it('keeps sign-in working when Redis is unreachable, counting on the node alone', async () => {
    // Nothing listens on port 1: every Redis command fails at once.
    const lonely = await node('redis://127.0.0.1:1')
    const address = someAddress()
    const email = uniqueEmail('no-redis')
    const statuses = []
    for (let i = 0; i < 4; i++) statuses.push((await signIn(lonely, address, email)).statusCode)
    expect(statuses).toEqual([401, 401, 401, 429])
    const metrics = await lonely.inject({ method: 'GET', url: '/metrics' })
    expect(metrics.body).toMatch(/^lotline_redis_up 0$/m)
  })
})
