import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { migrate } from '../../server/db/migrate.ts'
import { signIn as storeSignIn, verifySignIn } from '../../server/commands/auth/sign-in.ts'
import { hashSessionToken, newSessionToken } from '../../server/lib/tokens.ts'
import { insertSession } from '../../server/repositories/sessions.ts'
import { member, RecordingBroadcaster, type Member } from './auction-helpers.ts'
import {
  browser,
  createTestApp,
  onPostgres,
  testConfig,
  uniqueEmail,
  type TestApp,
} from './helpers.ts'

/**
 * Sessions end with the password, the account and a suspension, a sign-in in flight included
 * (docs/security.md, "Sessions end with the password"). On PostgreSQL many sign-ins with the old
 * password race the change for real: every session any of them got must be dead afterwards. On
 * PGlite (one connection, nothing races) the same interleavings are played out one step at a time.
 */
const config = testConfig({
  // Every sign-in here is from one address to one account, and many of them are refused on purpose.
  SIGNIN_LIMIT_PER_ACCOUNT: '10000/1m',
  SIGNIN_LIMIT_PER_ADDRESS: '10000/1m',
})
let t: TestApp

/** Records whose real-time connections the API closed. */
class TerminationsBroadcaster extends RecordingBroadcaster {
  readonly terminated: string[] = []
  override async terminateUserConnections(userId: string) {
    this.terminated.push(userId)
  }
}
const broadcaster = new TerminationsBroadcaster(config.pusher)

beforeAll(async () => {
  t = await createTestApp({ config, broadcaster })
})
afterAll(() => t.close())

const PASSWORD = 'correct horse battery'
type Browser = ReturnType<typeof browser>

async function registered() {
  const email = uniqueEmail('race')
  const owner = browser(t.app)
  const res = await owner.request({
    method: 'POST',
    url: '/api/auth/register',
    payload: { name: 'Rae Racer', email, password: PASSWORD },
  })
  expect(res.statusCode).toBe(201)
  return { id: res.json().user.id as string, email, owner }
}

const me = (b: Browser) => b.request({ method: 'GET', url: '/api/me' })

async function signIn(email: string) {
  const b = browser(t.app)
  const startedAt = performance.now()
  const res = await b.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: PASSWORD },
  })
  return { b, status: res.statusCode, startedAt, endedAt: performance.now() }
}
type SignIn = Awaited<ReturnType<typeof signIn>>

/** Sign-ins kept in flight at once, each started as soon as the one before it answered. */
const IN_FLIGHT = 8

/**
 * Keeps IN_FLIGHT sign-ins with the old password going, starts `change` once the first has
 * answered, and stops starting new ones when it has answered. Returns every sign-in, the change's
 * status, and how many sign-ins were in flight when it answered (started before, answered after):
 * the ones the race is about. Each sign-in's scrypt queues for the same few threads as the
 * change's, so at most IN_FLIGHT of them stand between the change and its answer.
 */
async function raceSignInsWith(email: string, change: () => Promise<{ statusCode: number }>) {
  const results: SignIn[] = []
  const race: { changed?: { statusCode: number; endedAt: number } } = {}
  const signInsUntilChanged = async () => {
    while (!race.changed) results.push(await signIn(email))
  }
  const signingIn = Array.from({ length: IN_FLIGHT }, () => signInsUntilChanged())
  await vi.waitFor(() => expect(results.length).toBeGreaterThan(0), { timeout: 30_000 })
  const { statusCode } = await change()
  const changed = { statusCode, endedAt: performance.now() }
  race.changed = changed
  await Promise.all(signingIn)
  const inFlight = results.filter(
    (r) => r.startedAt < changed.endedAt && r.endedAt > changed.endedAt,
  ).length
  return { results, changeStatus: statusCode, inFlight }
}

/** Every browser that got a session from the race, asked who it is: none may still be signed in. */
async function survivors(results: SignIn[]) {
  const signedIn = results.filter((r) => r.status === 200)
  const answers = await Promise.all(signedIn.map((r) => me(r.b)))
  return answers.filter((a) => a.statusCode !== 401).length
}

/**
 * Past SESSIONS_PER_USER_MAX devices a sign-in signs the oldest out. A slow machine lets more
 * sign-ins than that succeed before the owner's request for the change is read, and the oldest
 * is the owner's: it got 401 instead of racing anything. Dated later, the owner's device is the
 * last one the cap takes; the race's own sessions are the ones it signs out.
 */
async function keepNewest(userId: string) {
  await t.db.query(
    `update sessions set created_at = now() + interval '1 hour' where user_id = $1`,
    [userId],
  )
}

async function sessionsOf(userId: string) {
  const { rows } = await t.db.query('select 1 from sessions where user_id = $1', [userId])
  return rows.length
}

let admin: Member
const suspension = (userId: string, suspended: boolean) =>
  admin.b.request({
    method: 'POST',
    url: `/api/admin/members/${userId}/suspension`,
    payload: { suspended, reason: 'Unpaid lots' },
  })

interface Account {
  id: string
  email: string
  owner: Browser
}

/**
 * What ends sessions, each its own HTTP request: its answer, the answer of a sign-in that comes
 * after it, the sessions it leaves, and what happens next (the one with the new password goes on;
 * a suspended member is restored and signs in afresh, which must bring back none of the ended
 * sessions).
 */
const ENDINGS = [
  {
    what: 'a password change',
    answer: 204,
    refused: { status: 401, code: 'invalid_credentials' },
    left: 1,
    end: (m: Account) =>
      m.owner.request({
        method: 'POST',
        url: '/api/me/password',
        payload: { currentPassword: PASSWORD, newPassword: 'a brand new secret' },
      }),
    then: async (m: Account) => expect((await me(m.owner)).statusCode).toBe(200),
  },
  {
    what: 'the deletion of the account',
    answer: 204,
    refused: { status: 401, code: 'invalid_credentials' },
    left: 0,
    end: (m: Account) =>
      m.owner.request({ method: 'DELETE', url: '/api/me', payload: { password: PASSWORD } }),
    then: async () => {},
  },
  {
    what: 'a suspension',
    answer: 200,
    refused: { status: 403, code: 'account_suspended' },
    left: 0,
    end: (m: Account) => suspension(m.id, true),
    then: async (m: Account) => {
      expect((await suspension(m.id, false)).statusCode).toBe(200)
      const fresh = await signIn(m.email)
      expect(fresh.status).toBe(200)
      expect((await me(fresh.b)).statusCode).toBe(200)
    },
  },
]

/** A session row that outlived its member's standing: what the race used to leave behind. */
async function leftoverSession(userId: string) {
  const token = newSessionToken()
  await insertSession(t.db, hashSessionToken(token, config.sessionSecret), userId)
  const b = browser(t.app)
  b.cookie = `lotline_session=${token}`
  return b
}

/** The requests a signed-in browser makes: who am I, and the real-time authorizations. */
async function answersTo(b: Browser, userId: string) {
  const answers = await Promise.all([
    me(b),
    b.request({
      method: 'POST',
      url: '/broadcasting/auth',
      payload: { socket_id: '123.456', channel_name: `private-wallet.${userId}` },
    }),
    b.request({
      method: 'POST',
      url: '/broadcasting/user-auth',
      payload: { socket_id: '123.456' },
    }),
  ])
  return answers.map((a) => a.statusCode)
}

beforeAll(async () => {
  admin = await member(t.app, t.db, config, { role: 'admin' })
})

describe('a sign-in checked before its account changed (one step at a time)', () => {
  it.each(ENDINGS)('stores no session once $what has committed: $refused.code', async (ending) => {
    const m = await registered()
    // Step one of the sign-in (the password checked) runs before the change commits ...
    const verified = await verifySignIn(t.db, {
      email: m.email,
      password: PASSWORD,
      passwordHashCost: 10,
    })
    expect((await ending.end(m)).statusCode).toBe(ending.answer)
    // ... step two after it.
    const session = {
      tokenHash: hashSessionToken(newSessionToken(), config.sessionSecret),
      replaces: undefined,
    }
    await expect(storeSignIn(t.db, { verified, session })).rejects.toMatchObject(ending.refused)
    const { rows } = await t.db.query('select 1 from sessions where token_hash = $1', [
      session.tokenHash,
    ])
    expect(rows).toHaveLength(0)
  })
})

describe('a session whose member is suspended or deleted', () => {
  it('of a suspended member is refused on every request, the real-time authorizations included', async () => {
    const m = await registered()
    expect(await answersTo(m.owner, m.id)).toEqual([200, 200, 200])
    expect((await suspension(m.id, true)).statusCode).toBe(200)
    const kept = await leftoverSession(m.id)
    expect(await answersTo(kept, m.id)).toEqual([401, 401, 401])
    // Restored, the same session answers again: it was refused for the suspension alone.
    expect((await suspension(m.id, false)).statusCode).toBe(200)
    expect(await answersTo(kept, m.id)).toEqual([200, 200, 200])
  })

  it('of a deleted member is refused on every request, the real-time authorizations included', async () => {
    const m = await registered()
    expect(await answersTo(m.owner, m.id)).toEqual([200, 200, 200])
    const deleted = await m.owner.request({
      method: 'DELETE',
      url: '/api/me',
      payload: { password: PASSWORD },
    })
    expect(deleted.statusCode).toBe(204)
    const kept = await leftoverSession(m.id)
    expect(await answersTo(kept, m.id)).toEqual([401, 401, 401])
  })
})

describe('the real-time connections of the signed-out devices', () => {
  it.each(ENDINGS)('close with $what', async (ending) => {
    const [m, bystander] = [await registered(), await registered()]
    expect((await ending.end(m)).statusCode).toBe(ending.answer)
    expect(broadcaster.terminated).toContain(m.id)
    expect(broadcaster.terminated).not.toContain(bystander.id)
  })
})

describe('migration 014', () => {
  it('deletes the sessions deleted and suspended members kept, and no other', async () => {
    const [gone, suspended, active] = [await registered(), await registered(), await registered()]
    const deleted = await gone.owner.request({
      method: 'DELETE',
      url: '/api/me',
      payload: { password: PASSWORD },
    })
    expect(deleted.statusCode).toBe(204)
    expect((await suspension(suspended.id, true)).statusCode).toBe(200)
    await leftoverSession(gone.id)
    await leftoverSession(suspended.id)
    await t.db.query(`delete from schema_migrations where name like '014_%'`)
    expect(await migrate(t.db)).toEqual(['014_end_sessions_of_gone_members.sql'])
    expect([await sessionsOf(gone.id), await sessionsOf(suspended.id)]).toEqual([0, 0])
    expect(await sessionsOf(active.id)).toBe(1)
    expect((await me(active.owner)).statusCode).toBe(200)
  })
})

describe.runIf(onPostgres)(
  'sign-ins racing the end of sessions (a real race on PostgreSQL)',
  () => {
    it.each(ENDINGS)('no sign-in with the old password outlives $what', async (ending) => {
      const m = await registered()
      await keepNewest(m.id)
      const { results, changeStatus, inFlight } = await raceSignInsWith(m.email, () =>
        ending.end(m),
      )
      expect(changeStatus).toBe(ending.answer)
      // The race happened: sign-ins were under way when the change answered.
      expect(inFlight).toBeGreaterThan(0)
      const statuses = new Set(results.map((r) => r.status))
      expect([...statuses].filter((s) => s !== 200 && s !== ending.refused.status)).toEqual([])
      expect(await survivors(results)).toBe(0)
      expect(await sessionsOf(m.id)).toBe(ending.left)
      // What comes next brings none of them back, while a live session does answer.
      await ending.then(m)
      expect(await survivors(results)).toBe(0)
    })
  },
)
