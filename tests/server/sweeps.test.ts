/**
 * Tables that grow with every sign-in and every write stay bounded (docs/security.md): a member's
 * signed-in devices are capped, and the scheduler sweeps expired sessions and old idempotency
 * answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createScheduler } from '../../server/jobs/scheduler.ts'
import { IDEMPOTENCY_KEY_TTL_MS } from '../../server/repositories/idempotency.ts'
import { SESSIONS_PER_USER_MAX } from '../../server/repositories/sessions.ts'
import { RecordingBroadcaster } from './auction-helpers.ts'
import { browser, createTestApp, signUp, testConfig, type TestApp } from './helpers.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const count = async (sql: string, params: unknown[]) =>
  (await t.db.query<{ n: number }>(sql, params)).rows[0]!.n

async function member() {
  const { b, res, email, user } = await signUp(t.app, {
    name: 'Sid',
    password: 'sweeping the floor',
    emailPrefix: 'sweep',
  })
  expect(res.statusCode).toBe(201)
  return { email, id: user.id, first: b }
}

describe('signed-in devices per member', () => {
  it(`keeps the newest ${SESSIONS_PER_USER_MAX}: one more sign-in signs the oldest out`, async () => {
    const { email, id, first } = await member()
    const devices = []
    for (let i = 0; i < SESSIONS_PER_USER_MAX; i++) {
      const b = browser(t.app)
      const res = await b.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'sweeping the floor' },
      })
      expect(res.statusCode).toBe(200)
      devices.push(b)
    }
    const sessions = 'select count(*)::int as n from sessions where user_id = $1'
    expect(await count(sessions, [id])).toBe(SESSIONS_PER_USER_MAX)
    // The sign-up's session was the oldest: it is the one signed out.
    expect((await first.request({ method: 'GET', url: '/api/me' })).statusCode).toBe(401)
    for (const b of [devices[0]!, devices.at(-1)!])
      expect((await b.request({ method: 'GET', url: '/api/me' })).statusCode).toBe(200)
  })
})

describe('the scheduler sweep', () => {
  it('deletes expired sessions and idempotency answers older than their time, nothing else', async () => {
    const { id } = await member()
    await t.db.query(
      `insert into sessions (token_hash, user_id, expires_at) values
         ('sweep-expired', $1, now() - interval '1 second'),
         ('sweep-live', $1, now() + interval '1 day')`,
      [id],
    )
    const old = new Date(Date.now() - IDEMPOTENCY_KEY_TTL_MS - 60_000)
    await t.db.query(
      `insert into idempotency_keys (user_id, scope, key, request_hash, response, status_code, created_at)
       values ($1, 'watch', 'sweep-old', 'h', '{}', 200, $2),
              ($1, 'watch', 'sweep-new', 'h', '{}', 200, now())`,
      [id, old],
    )
    const scheduler = createScheduler({
      db: t.db,
      broadcaster: new RecordingBroadcaster(testConfig().pusher),
      currency: 'EUR',
    })
    const report = await scheduler.runDueJobs()
    expect(report.swept?.sessions).toBeGreaterThanOrEqual(1)
    expect(report.swept?.idempotencyKeys).toBeGreaterThanOrEqual(1)
    const tokens = await t.db.query<{ token_hash: string }>(
      `select token_hash from sessions where token_hash like 'sweep-%'`,
      [],
    )
    expect(tokens.rows.map((r) => r.token_hash)).toEqual(['sweep-live'])
    const keys = await t.db.query<{ key: string }>(
      `select key from idempotency_keys where key like 'sweep-%'`,
      [],
    )
    expect(keys.rows.map((r) => r.key)).toEqual(['sweep-new'])
    // At most once an hour: the next pass right after sweeps nothing.
    expect((await scheduler.runDueJobs()).swept).toBeUndefined()
  })
})
