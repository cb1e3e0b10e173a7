import { afterAll, describe, expect, it } from 'vitest'
import { setTimeout as sleep } from 'node:timers/promises'
import { migrate } from '../../../server/db/migrate.ts'
import { openPostgres } from '../../../server/db/postgres.ts'
import type { Database } from '../../../server/db/types.ts'
import { hashSessionToken, newSessionToken } from '../../../server/lib/tokens.ts'
import { appendLedgerEntry } from '../../../server/repositories/ledger.ts'
import { insertSession } from '../../../server/repositories/sessions.ts'
import { insertUser } from '../../../server/repositories/users.ts'
import { openLot } from '../auction-helpers.ts'
import { onPostgres, testConfig, uniqueEmail, XHR } from '../helpers.ts'
import { assertAuctionInvariants } from '../invariants/auction.ts'
import { bidUntil, newBidLog, type Send } from './bidders.ts'
import { startOwnPostgres, type OwnPostgres } from './own-postgres.ts'
import { serverPorts, startServer, type ServerPorts, type ServerProcess } from './server-process.ts'

/**
 * The real server process is killed (SIGKILL: no shutdown hook, no flush) in the middle of a bid
 * burst and started again. What the database holds afterwards must be a state the rules allow,
 * and every bid whose answer was lost must, on retry, either return its stored answer or apply
 * once.
 */
const MEMBERS = 6
const LOTS = 2
/** Accepted bids before the kill, so the burst is well under way. */
const KILL_AFTER_ACCEPTED = 25

const config = testConfig()

/** A member with a session cookie, inserted directly (no scrypt), with plenty of credit. */
async function signedInMember(db: Database): Promise<{ id: string; cookie: string }> {
  const user = await insertUser(db, {
    name: 'Member',
    email: uniqueEmail('kill'),
    passwordHash: 'not-a-real-hash',
    role: 'member',
  })
  if (!user) throw new Error('could not create member')
  await appendLedgerEntry(db, {
    userId: user.id,
    kind: 'adjustment',
    amount: 50_000_000,
    reason: 'test',
  })
  const token = newSessionToken()
  await insertSession(db, hashSessionToken(token, config.sessionSecret), user.id)
  return { id: user.id, cookie: `lotline_session=${token}` }
}

/** HTTP to whichever server process is listening on the port now; no answer = undefined. */
function httpSender(baseUrl: string, cookie: string): Send {
  return async ({ method, url, key, payload }) => {
    try {
      const response = await fetch(baseUrl + url, {
        method,
        headers: {
          ...XHR,
          cookie,
          ...(key ? { 'idempotency-key': key } : {}),
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
        signal: AbortSignal.timeout(10_000),
      })
      const text = await response.text()
      return {
        status: response.status,
        contentType: response.headers.get('content-type') ?? '',
        retryAfter: response.headers.get('retry-after') ?? undefined,
        body: text ? (JSON.parse(text) as unknown) : undefined,
      }
    } catch {
      return undefined
    }
  }
}

describe.runIf(onPostgres)('SIGKILL of the server during a bid burst', () => {
  let cluster: OwnPostgres | undefined
  let db: Database | undefined
  let ports: ServerPorts | undefined
  let server: ServerProcess | undefined
  let aborted = false
  let bidding: Array<Promise<void>> = []

  afterAll(async () => {
    aborted = true
    await Promise.all(bidding)
    await server?.kill()
    await db?.close().catch(() => undefined)
    cluster?.destroy()
    ports?.dispose()
  })

  it('leaves a consistent auction, and every lost answer is replayed or applied once', async () => {
    cluster = await startOwnPostgres()
    const url = await cluster.createDatabase('lotline_sigkill')
    db = await openPostgres(url, 4)
    await migrate(db)
    const seller = await signedInMember(db)
    const members = []
    for (let i = 0; i < MEMBERS; i++) members.push(await signedInMember(db))
    const lots: string[] = []
    for (let i = 0; i < LOTS; i++) lots.push(await openLot(db, seller.id, { startingPrice: 1_000 }))

    ports = await serverPorts()
    const env = { DATABASE_URL: url }
    server = startServer(ports, env)
    await server.healthy()

    const log = newBidLog()
    let stop = false
    const baseUrl = server.baseUrl
    bidding = members.map((m, i) =>
      bidUntil(httpSender(baseUrl, m.cookie), lots[i % LOTS]!, log, () => stop || aborted, {
        retryDelayMs: 50,
        abort: () => aborted,
      }),
    )
    while (log.accepted.size < KILL_AFTER_ACCEPTED && log.unexpected.length === 0) await sleep(10)
    expect(await server.kill('SIGKILL')).toBe('SIGKILL')
    const acceptedAtKill = log.accepted.size
    // Give the bidders a moment to find the server gone (their bids are now in doubt).
    await sleep(300)
    const lostAnswers = new Set(log.unanswered)

    server = startServer(ports, env)
    await server.healthy()
    const back = Date.now()
    while (!log.acceptedAt.some((at) => at > back) && Date.now() - back < 10_000) await sleep(50)
    await sleep(500)
    stop = true
    await Promise.all(bidding)

    expect(log.unexpected).toEqual([])
    expect(log.accepted.size).toBeGreaterThan(acceptedAtKill)
    // The kill cut requests off mid-flight; every one of them got a real answer on retry.
    expect(lostAnswers.size).toBeGreaterThan(0)
    expect(log.unanswered.size).toBe(0)

    // What was stored is exactly what was accepted: a lost answer that was applied came back as
    // its stored answer on retry; one that was not applied was decided again (once).
    const { rows: stored } = await db.query<{ key: string }>(
      `select key from idempotency_keys where scope = 'bid'`,
    )
    expect(new Set(stored.map((r) => r.key))).toEqual(new Set(log.accepted.keys()))
    await assertAuctionInvariants(db)

    // Every accepted bid, sent again (a retry storm after the restart), gets its own stored
    // answer back and changes nothing.
    const before = await db.query('select id from bids order by id')
    const { rows: owners } = await db.query<{ key: string; user_id: string }>(
      `select key, user_id from idempotency_keys where scope = 'bid'`,
    )
    const cookieOf = new Map(members.map((m) => [m.id, m.cookie]))
    for (const { key, user_id: userId } of owners) {
      const { url, payload } = log.sent.get(key)!
      const send = httpSender(server.baseUrl, cookieOf.get(userId)!)
      const again = await send({ method: 'POST', url, key, payload })
      expect(again?.status).toBe(201)
      expect(again?.body).toEqual(log.accepted.get(key))
    }
    const after = await db.query('select id from bids order by id')
    expect(after.rows).toEqual(before.rows)
  }, 120_000)
})
