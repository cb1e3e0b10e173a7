import { afterEach, describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/config.ts'
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../server/lib/passwords.ts'
import {
  browser,
  configProblems,
  createTestApp,
  testConfig,
  uniqueEmail,
  type TestApp,
} from './helpers.ts'

/** The suites hash at 2^10 (helpers.ts); this file holds the production cost to its floor. */

const PRODUCTION = {
  NODE_ENV: 'production',
  EMAIL: 'off',
  SESSION_SECRET: 'a-production-secret-of-more-than-32-chars',
  PUSHER_APP_KEY: 'prod-key',
  PUSHER_APP_SECRET: 'prod-secret',
  WEB_PUSH: 'off',
}

async function storedHash(app: TestApp, email: string): Promise<string> {
  const { rows } = await app.db.query<{ password_hash: string }>(
    'select password_hash from users where email = $1',
    [email],
  )
  return rows[0]!.password_hash
}

let app: TestApp | undefined
afterEach(async () => {
  await app?.close()
  app = undefined
})

describe('password hashing cost', () => {
  it('hashes with scrypt N = 2^15, r = 8, p = 1 unless told otherwise', async () => {
    const hash = await hashPassword('correct horse battery staple')
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/)
    expect(await verifyPassword('correct horse battery staple', hash)).toBe(true)
    expect(await verifyPassword('correct horse battery stapler', hash)).toBe(false)
  })

  it('stores a new member’s password at the configured cost, on sign-up and on a change', async () => {
    app = await createTestApp({ env: { PASSWORD_HASH_COST: '15' } })
    const member = browser(app.app)
    const email = uniqueEmail('cost')
    const signUp = await member.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Cost Check', email, password: 'first password 1' },
    })
    expect(signUp.statusCode).toBe(201)
    expect(await storedHash(app, email)).toMatch(/^scrypt\$32768\$/)
    await app.app.close()

    // The same database on the suites' cost: the old hash still signs in (each hash names its N),
    // and a change stores the new one at 2^10.
    app = await createTestApp({ db: app.db, config: testConfig() })
    const again = browser(app.app)
    const signIn = await again.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'first password 1' },
    })
    expect(signIn.statusCode).toBe(200)
    const change = await again.request({
      method: 'POST',
      url: '/api/me/password',
      payload: { currentPassword: 'first password 1', newPassword: 'second password 2' },
    })
    expect(change.statusCode).toBe(204)
    expect(await storedHash(app, email)).toMatch(/^scrypt\$1024\$/)
    const other = uniqueEmail('cost')
    const signUpCheap = await browser(app.app).request({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Cost Check Two', email: other, password: 'first password 1' },
    })
    expect(signUpCheap.statusCode).toBe(201)
    expect(await storedHash(app, other)).toMatch(/^scrypt\$1024\$/)
  })

  it('compares an unknown address’s guess with a hash of the same cost a member’s would have', async () => {
    expect(await dummyPasswordHash(10)).toMatch(/^scrypt\$1024\$/)
    expect(await dummyPasswordHash()).toMatch(/^scrypt\$32768\$/)
  })

  it('defaults to 15 and refuses less in production, or anything outside 10–16 anywhere', () => {
    expect(loadConfig({}).passwordHashCost).toBe(15)
    expect(loadConfig(PRODUCTION).passwordHashCost).toBe(15)
    expect(loadConfig({ PASSWORD_HASH_COST: '10' }).passwordHashCost).toBe(10)
    expect(configProblems({ ...PRODUCTION, PASSWORD_HASH_COST: '14' })).toEqual([
      expect.stringContaining('PASSWORD_HASH_COST below 15'),
    ])
    expect(configProblems({ ...PRODUCTION, PASSWORD_HASH_COST: '16' })).toEqual([])
    for (const bad of ['9', '17', '15.5', 'high', '-15']) {
      expect(configProblems({ PASSWORD_HASH_COST: bad }), bad).toEqual([
        expect.stringContaining('PASSWORD_HASH_COST'),
      ])
    }
  })
})
