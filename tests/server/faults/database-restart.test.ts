import { afterAll, describe, expect, it } from 'vitest'
import { setTimeout as sleep } from 'node:timers/promises'
import type { FastifyInstance } from 'fastify'
import { PROBLEM_CONTENT_TYPE } from '../../../common/errors.ts'
import { migrate } from '../../../server/db/migrate.ts'
import { openPostgres } from '../../../server/db/postgres.ts'
import type { Database } from '../../../server/db/types.ts'
import { createScheduler, type Scheduler } from '../../../server/jobs/scheduler.ts'
import { member, openLot, RecordingBroadcaster, bid } from '../auction-helpers.ts'
import { createTestApp, onPostgres, testConfig, XHR, type TestApp } from '../helpers.ts'
import { assertAuctionInvariants, bidAnswers } from '../invariants/auction.ts'
import { bidUntil, newBidLog, type Send } from './bidders.ts'
import { startOwnPostgres, type OwnPostgres } from './own-postgres.ts'

/**
 * The database goes away while members bid, and comes back. The API runs in this process against
 * a PostgreSQL cluster of the test's own (the shared one on 5432 is left alone).
 */
const MEMBERS = 4
const OUTAGE_MS = 3_000
/** How soon after the database is back the API must accept bids again, by itself. */
const RECOVERY_BUDGET_MS = 5_000
/** Set when the test is torn down, so bidders stop even with a bid in doubt. */
let aborted = false

function sender(app: FastifyInstance, cookie: string | undefined): Send {
  return async ({ method, url, key, payload }) => {
    const response = await app.inject({
      method,
      url,
      headers: {
        ...XHR,
        ...(cookie ? { cookie } : {}),
        ...(key ? { 'idempotency-key': key } : {}),
      },
      ...(payload === undefined ? {} : { payload: payload as object }),
    })
    return {
      status: response.statusCode,
      contentType: String(response.headers['content-type'] ?? ''),
      retryAfter: response.headers['retry-after'] as string | undefined,
      body: response.body ? (JSON.parse(response.body) as unknown) : undefined,
    }
  }
}

describe.runIf(onPostgres)('PostgreSQL restarts while members bid', () => {
  let cluster: OwnPostgres | undefined
  let db: Database | undefined
  let t: TestApp | undefined
  let scheduler: Scheduler | undefined
  let bidding: Array<Promise<void>> = []

  afterAll(async () => {
    aborted = true
    await Promise.all(bidding)
    await scheduler?.stop()
    await t?.close().catch(() => undefined)
    if (!t) await db?.close().catch(() => undefined)
    cluster?.destroy()
  })

  it('answers 503 problem+json meanwhile, recovers by itself, and loses no accepted bid', async () => {
    cluster = await startOwnPostgres()
    db = await openPostgres(await cluster.createDatabase('lotline_restart'), 10)
    await migrate(db)
    const config = testConfig()
    const broadcaster = new RecordingBroadcaster(config.pusher)
    t = await createTestApp({ db, config, broadcaster })
    scheduler = createScheduler({ db, broadcaster, currency: config.currency, intervalMs: 200 })
    scheduler.start()

    const seller = await member(t.app, db, config)
    const lotId = await openLot(db, seller.id, { startingPrice: 1_000 })
    const members = []
    for (let i = 0; i < MEMBERS; i++)
      members.push(await member(t.app, db, config, { credit: 50_000_000 }))
    // A second lot, won before the outage and ending during it: the scheduler must settle it
    // once the database is back.
    const endingLot = await openLot(db, seller.id, { startingPrice: 500 })
    expect((await bid(members[0]!, endingLot, { amount: 500 })).statusCode).toBe(201)

    const log = newBidLog()
    let stop = false
    const app = t.app
    bidding = members.map((m) =>
      bidUntil(sender(app, m.b.cookie), lotId, log, () => stop || aborted, {
        retryDelayMs: 50,
        abort: () => aborted,
      }),
    )
    const anonymous = sender(app, undefined)
    await sleep(1_500)
    const acceptedBeforeOutage = log.accepted.size
    expect(acceptedBeforeOutage).toBeGreaterThan(0)

    await db.query(`update lots set ends_at = now() + interval '1 second' where id = $1`, [
      endingLot,
    ])
    await cluster.stop()
    const outageStarted = Date.now()
    const health = await anonymous({ method: 'GET', url: '/health' })
    expect(health?.status).toBe(503)
    expect(health?.body).toMatchObject({ dependencies: { database: 'down' } })
    const read = await anonymous({ method: 'GET', url: `/api/lots/${lotId}` })
    expect(read).toMatchObject({
      status: 503,
      contentType: expect.stringContaining(PROBLEM_CONTENT_TYPE) as string,
      retryAfter: expect.stringMatching(/^\d+$/) as string,
      body: { status: 503, code: 'service_unavailable' },
    })
    await sleep(OUTAGE_MS - (Date.now() - outageStarted))
    // (A bid committed just before the shutdown may still be on its way back for a moment.)
    const acceptedDuringOutage = log.acceptedAt.filter((at) => at > outageStarted + 250).length

    await cluster.start()
    const back = Date.now()
    while (!log.acceptedAt.some((at) => at > back) && Date.now() - back < RECOVERY_BUDGET_MS)
      await sleep(50)
    const recoveredAfter = Date.now() - back
    expect(recoveredAfter).toBeLessThan(RECOVERY_BUDGET_MS)
    expect((await anonymous({ method: 'GET', url: '/health' }))?.status).toBe(200)
    await sleep(1_000)
    stop = true
    await Promise.all(bidding)

    // The outage was seen, and seen right: only well-formed 503s, nothing else out of place.
    expect(acceptedDuringOutage).toBe(0)
    expect(log.unexpected).toEqual([])
    expect(log.unavailable.length).toBeGreaterThan(0)
    for (const answer of log.unavailable) {
      expect(answer.contentType).toContain(PROBLEM_CONTENT_TYPE)
      expect(answer.retryAfter).toMatch(/^\d+$/)
      expect(answer.body).toMatchObject({ code: 'service_unavailable', status: 503 })
    }
    expect(log.accepted.size).toBeGreaterThan(acceptedBeforeOutage)

    // Nothing accepted is lost, nothing unanswered was applied: the stored answers are exactly
    // the accepted bids, and every bid an answer listed is in the lot's history.
    const stored = (await bidAnswers(db)).filter((a) => a.placed?.lotId === lotId)
    expect(new Set(stored.map((a) => a.key))).toEqual(new Set(log.accepted.keys()))
    const { rows: history } = await db.query<{ id: number }>(
      'select id from bids where lot_id = $1',
      [lotId],
    )
    const ids = new Set(history.map((r) => Number(r.id)))
    for (const body of log.accepted.values())
      for (const b of body.bids) expect(ids.has(Number(b.id))).toBe(true)

    // The scheduler survived the outage and settled the lot that ended during it.
    const deadline = Date.now() + 5_000
    let status = ''
    while (status !== 'settled' && Date.now() < deadline) {
      const { rows } = await db.query<{ status: string }>('select status from lots where id = $1', [
        endingLot,
      ])
      status = rows[0]!.status
      if (status !== 'settled') await sleep(100)
    }
    expect(status).toBe('settled')
    await assertAuctionInvariants(db)
  }, 60_000)
})
