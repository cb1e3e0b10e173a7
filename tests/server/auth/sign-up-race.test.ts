import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setEmail } from '../../../server/repositories/accounts-email.ts'
import { insertUser } from '../../../server/repositories/users.ts'
import { createTestApp, raceNote, testConfig, uniqueEmail, type TestApp } from '../helpers.ts'

/**
 * A sign-up whose address another transaction claims at the same moment: a second sign-up (a
 * double tap, two tabs) or a member confirming a change to that address. The sign-up's "is the
 * address free" check cannot see the other transaction until it commits, so the insert met the
 * unique index and failed with 23505 — a 500 instead of 409 `email_taken`, seen on PostgreSQL
 * under CI load. Either way exactly one account must own the address, and nobody gets an error.
 */
let t: TestApp

beforeAll(async () => {
  t = await createTestApp({ config: testConfig({ PUSHER_PORT: '1' }) })
})
afterAll(() => t.close())

const HASH = 'not-a-real-hash'

async function owners(email: string) {
  const { rows } = await t.db.query<{ id: string }>(
    'select id from users where lower(email) = lower($1)',
    [email],
  )
  return rows.map((r) => r.id)
}

describe(`sign-ups racing for one address${raceNote}`, () => {
  it('one of several simultaneous sign-ups gets the address; the others learn it is taken', async () => {
    for (let round = 0; round < 100; round++) {
      const email = uniqueEmail('double-tap')
      const attempts = await Promise.allSettled(
        Array.from({ length: 6 }, (_, i) =>
          insertUser(t.db, { name: `Tap ${i}`, email, passwordHash: HASH }),
        ),
      )
      expect(attempts.filter((a) => a.status === 'rejected')).toEqual([])
      const created = attempts.flatMap((a) =>
        a.status === 'fulfilled' && a.value ? [a.value] : [],
      )
      expect(created).toHaveLength(1)
      expect(await owners(email)).toEqual([created[0]!.id])
    }
  })

  it('a sign-up against a member moving to that address: one owner, no error', async () => {
    for (let round = 0; round < 100; round++) {
      const mover = await insertUser(t.db, {
        name: 'Mover',
        email: uniqueEmail('mover'),
        passwordHash: HASH,
      })
      const contested = uniqueEmail('contested').toUpperCase()
      const [signUp, move] = await Promise.allSettled([
        insertUser(t.db, { name: 'Squatter', email: contested, passwordHash: HASH }),
        t.db.transaction((tx) => setEmail(tx, mover!.id, contested.toLowerCase())),
      ])
      // The move is the confirm-email-change command's write; that command turns its own 23505
      // into 409 `email_taken`, so only the sign-up must not fail here.
      expect(signUp.status).toBe('fulfilled')
      const signedUp = signUp.status === 'fulfilled' ? signUp.value : undefined
      expect(await owners(contested)).toEqual([signedUp ? signedUp.id : mover!.id])
      if (signedUp) expect(move.status).toBe('rejected')
      else expect(move.status).toBe('fulfilled')
    }
  })
})
