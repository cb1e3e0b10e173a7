import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app.ts'
import { FanOutFeed } from '../../server/plugins/metrics.ts'
import type { FastifyInstance } from 'fastify'
import { bid, member, openLot } from './auction-helpers.ts'
import { createTestApp, onPostgres, testConfig, type TestApp } from './helpers.ts'

/** GET /metrics (docs/scaling.md, "Observability"): what each node carries, never public. */
describe('GET /metrics', () => {
  let t: TestApp
  const config = testConfig()
  const stats = {
    connections: 7,
    channels: 3,
    users: 2,
    presenceMembers: 4,
    eventsIn: 120,
    deliveriesOut: 900,
    refusedByAddressCap: 5,
    messagesRefusedOverBudget: 31,
  }
  const fanOuts = new FanOutFeed()

  beforeAll(async () => {
    t = await createTestApp({ config, realtimeStats: () => stats, realtimeFanOuts: fanOuts })
  })
  afterAll(() => t.close())

  const scrape = (app: FastifyInstance, headers: Record<string, string> = {}, from = '127.0.0.1') =>
    app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress: from })

  it('serves Prometheus text: bid latency by route, sockets, the event loop, the pool', async () => {
    const seller = await member(t.app, t.db, config)
    const bidder = await member(t.app, t.db, config, { credit: 10_000 })
    const lotId = await openLot(t.db, seller.id)
    expect((await bid(bidder, lotId, { amount: 1_000 })).statusCode).toBe(201)

    const res = await scrape(t.app)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
    expect(res.headers['cache-control']).toBe('no-store')
    const text = res.body
    expect(text).toMatch(
      /lotline_http_request_duration_seconds_count\{method="POST",route="\/api\/lots\/:id\/bids",status="2xx"\} 1\n/,
    )
    expect(text).toContain('lotline_realtime_connections 7')
    expect(text).toContain('lotline_realtime_channels 3')
    expect(text).toContain('lotline_realtime_users 2')
    expect(text).toContain('lotline_realtime_presence_members 4')
    expect(text).toContain('lotline_realtime_events_in_total 120')
    expect(text).toContain('lotline_realtime_deliveries_out_total 900')
    expect(text).toContain('lotline_realtime_connections_refused_per_address_total 5')
    expect(text).toContain('lotline_realtime_control_messages_refused_total 31')
    // Each fan-out the service reports lands in the delivery histogram.
    fanOuts.emit(0.004, 2_000)
    fanOuts.emit(0.2, 5_000)
    const after = (await scrape(t.app)).body
    expect(after).toMatch(/^lotline_realtime_delivery_seconds_count 2$/m)
    expect(after).toMatch(/^lotline_realtime_delivery_seconds_bucket\{le="0.005"\} 1$/m)
    expect(text).toMatch(/lotline_nodejs_eventloop_lag_seconds \d/)
    if (onPostgres) expect(text).toMatch(/lotline_db_pool_connections\{state="total"\} \d+/)
    // The pages people open are not labelled one series per URL someone typed.
    await t.app.inject({ method: 'GET', url: '/api/no-such-thing/123' })
    expect((await scrape(t.app)).body).not.toContain('no-such-thing')
  })

  it('is not served to another machine without a token', async () => {
    const res = await scrape(t.app, {}, '203.0.113.7')
    expect(res.statusCode).toBe(404)
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/)
  })

  it('in production, answers only the bearer of METRICS_TOKEN', async () => {
    const token = 'a-long-metrics-token-for-tests'
    for (const [metricsToken, expected] of [
      [undefined, 404],
      [token, 401],
    ] as const) {
      const app = await buildApp({
        logger: false,
        config: { ...config, production: true, metricsToken },
        db: t.db,
      })
      try {
        expect((await scrape(app)).statusCode).toBe(expected)
        if (!metricsToken) continue
        expect((await scrape(app, { authorization: `Bearer ${token}x` })).statusCode).toBe(401)
        expect((await scrape(app, { authorization: token })).statusCode).toBe(401)
        const ok = await scrape(app, { authorization: `Bearer ${token}` }, '203.0.113.7')
        expect(ok.statusCode).toBe(200)
        expect(ok.body).toContain('lotline_http_request_duration_seconds')
      } finally {
        await app.close()
      }
    }
  })
})
