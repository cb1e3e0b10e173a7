import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toPositional } from '../../../server/db/named-sql.ts'
import type { Database, Queryable } from '../../../server/db/types.ts'
import {
  claimIdempotencyKeys,
  completeIdempotencyKey,
  deleteIdempotencyKeysBefore,
  keyClaim,
  releaseClaims,
  releaseClaimsPiece,
  requestHash,
  slotOf,
  storeAnswersPiece,
  type KeyClaim,
} from '../../../server/repositories/idempotency.ts'
import { createTestDatabase } from '../helpers.ts'
import { newMember } from './money-fixtures.ts'

/**
 * The idempotency store (server/repositories/idempotency.ts) on one fresh database: a key is
 * claimed once, its stored answer is what a repeat finds, a refused request's claim is freed, and
 * one request is one hash however its body was spelled.
 */
let db: Database
beforeAll(async () => {
  db = await createTestDatabase()
})
afterAll(() => db.close())

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

async function runPiece(piece: { sql: string; params: Record<string, unknown> }) {
  const { text, values } = toPositional(piece.sql, piece.params)
  return (await db.query(text, values)).rowCount
}

async function keyRows(userId: string) {
  const { rows } = await db.query<{
    scope: string
    key: string
    status_code: number
    response: unknown
  }>(
    `select scope, key, status_code, response from idempotency_keys where user_id = $1 order by scope, key`,
    [userId],
  )
  return rows
}

describe('requestHash', () => {
  it('hashes the JSON of the request with every object key in order, arrays as they are', () => {
    const body = { zeta: [3, 1, { d: null, c: 'x' }], alpha: 1, mid: { b: true, a: 'é' } }
    expect(requestHash(body)).toBe(
      sha256('{"alpha":1,"mid":{"a":"é","b":true},"zeta":[3,1,{"c":"x","d":null}]}'),
    )
  })

  it('is one hash for one request however its keys were ordered, another for another request', () => {
    const orders = [
      { a: 1, b: 2, c: 3, d: 4 },
      { d: 4, c: 3, b: 2, a: 1 },
      { b: 2, d: 4, a: 1, c: 3 },
      { c: 3, a: 1, d: 4, b: 2 },
    ]
    const hashes = new Set(orders.map((o) => requestHash(o)))
    expect(hashes.size).toBe(1)
    expect(requestHash({ a: 1, b: 2, c: 3, d: 5 })).not.toBe(requestHash(orders[0]))
    expect(requestHash([1, 2])).not.toBe(requestHash([2, 1]))
  })
})

describe('keyClaim and slotOf', () => {
  it('a claim carries its user, key and the hash of its parts', () => {
    expect(keyClaim('u', 'k', { amount: 5 })).toEqual({
      userId: 'u',
      key: 'k',
      requestHash: requestHash({ amount: 5 }),
    })
    expect(slotOf('u', 'k')).toBe('u k')
  })
})

describe('claimIdempotencyKeys and completeIdempotencyKey', () => {
  it('claims a fresh key once; a repeat finds the stored answer and status', async () => {
    const user = await newMember(db)
    const claim = keyClaim(user, 'key-first', { amount: 1_500 })
    const first = await db.transaction((tx) => claimIdempotencyKeys(tx, 'bid', [claim]))
    expect(first.get(slotOf(user, 'key-first'))).toEqual({ claimed: true })
    await completeIdempotencyKey(db, {
      userId: user,
      scope: 'bid',
      key: 'key-first',
      response: { bid: { amount: 1_500 } },
      statusCode: 201,
    })
    const again = await claimIdempotencyKeys(db, 'bid', [claim])
    expect(again.get(slotOf(user, 'key-first'))).toEqual({
      claimed: false,
      stored: {
        requestHash: claim.requestHash,
        response: { bid: { amount: 1_500 } },
        statusCode: 201,
      },
    })
    expect(await keyRows(user)).toEqual([
      { scope: 'bid', key: 'key-first', status_code: 201, response: { bid: { amount: 1_500 } } },
    ])
  })

  it('one key is separate per scope and per member', async () => {
    const user = await newMember(db)
    const other = await newMember(db)
    const claims: KeyClaim[] = [keyClaim(user, 'shared', 1), keyClaim(other, 'shared', 1)]
    const bids = await claimIdempotencyKeys(db, 'bid', claims)
    expect([...bids.values()]).toEqual([{ claimed: true }, { claimed: true }])
    const topUps = await claimIdempotencyKeys(db, 'top-up', [keyClaim(user, 'shared', 1)])
    expect(topUps.get(slotOf(user, 'shared'))).toEqual({ claimed: true })
    // Fresh claims hold a placeholder answer until their transaction stores the real one.
    expect(await keyRows(user)).toEqual([
      { scope: 'bid', key: 'shared', status_code: 0, response: null },
      { scope: 'top-up', key: 'shared', status_code: 0, response: null },
    ])
  })

  it('a completed answer replaces only that key', async () => {
    const user = await newMember(db)
    await claimIdempotencyKeys(db, 'watch', [keyClaim(user, 'k1', 1), keyClaim(user, 'k2', 1)])
    await claimIdempotencyKeys(db, 'bid', [keyClaim(user, 'k1', 1)])
    await completeIdempotencyKey(db, {
      userId: user,
      scope: 'watch',
      key: 'k1',
      response: ['watched'],
      statusCode: 200,
    })
    expect(await keyRows(user)).toEqual([
      { scope: 'bid', key: 'k1', status_code: 0, response: null },
      { scope: 'watch', key: 'k1', status_code: 200, response: ['watched'] },
      { scope: 'watch', key: 'k2', status_code: 0, response: null },
    ])
  })

  it('a claim rolled back with its transaction leaves the key free', async () => {
    const user = await newMember(db)
    const claim = keyClaim(user, 'rolled-back', 1)
    await expect(
      db.transaction(async (tx) => {
        await claimIdempotencyKeys(tx, 'lot-edit', [claim])
        throw new Error('refused')
      }),
    ).rejects.toThrow('refused')
    expect(
      (await claimIdempotencyKeys(db, 'lot-edit', [claim])).get(slotOf(user, 'rolled-back')),
    ).toEqual({ claimed: true })
  })
})

describe('storeAnswersPiece and releaseClaimsPiece', () => {
  it('stores answers over placeholders only, never over an answer already stored', async () => {
    const user = await newMember(db)
    await claimIdempotencyKeys(db, 'bid', [keyClaim(user, 'a', 1), keyClaim(user, 'b', 1)])
    await completeIdempotencyKey(db, {
      userId: user,
      scope: 'bid',
      key: 'b',
      response: 'old',
      statusCode: 201,
    })
    await claimIdempotencyKeys(db, 'watch', [keyClaim(user, 'a', 1)])
    const piece = storeAnswersPiece('stored', 'bid', 202, [
      { userId: user, key: 'a', response: { n: 1 } },
      { userId: user, key: 'b', response: { n: 2 } },
    ])
    expect(piece.name).toBe('stored')
    expect(await runPiece(piece)).toBe(1)
    expect(await keyRows(user)).toEqual([
      { scope: 'bid', key: 'a', status_code: 202, response: { n: 1 } },
      { scope: 'bid', key: 'b', status_code: 201, response: 'old' },
      { scope: 'watch', key: 'a', status_code: 0, response: null },
    ])
  })

  it("frees a refused request's placeholder, never a stored answer or another scope's key", async () => {
    const user = await newMember(db)
    await claimIdempotencyKeys(db, 'bid', [keyClaim(user, 'a', 1), keyClaim(user, 'b', 1)])
    await claimIdempotencyKeys(db, 'watch', [keyClaim(user, 'a', 1)])
    await completeIdempotencyKey(db, {
      userId: user,
      scope: 'bid',
      key: 'b',
      response: 1,
      statusCode: 201,
    })
    const piece = releaseClaimsPiece('freed', 'bid', [
      { userId: user, key: 'a' },
      { userId: user, key: 'b' },
    ])
    expect(piece.name).toBe('freed')
    expect(await runPiece(piece)).toBe(1)
    expect((await keyRows(user)).map((r) => `${r.scope}/${r.key}`)).toEqual(['bid/b', 'watch/a'])
  })

  it('releaseClaims frees the placeholders alone, and asks nothing of the database for none', async () => {
    const user = await newMember(db)
    await claimIdempotencyKeys(db, 'notifications-read', [
      keyClaim(user, 'x', 1),
      keyClaim(user, 'y', 1),
    ])
    await releaseClaims(db, 'notifications-read', [{ userId: user, key: 'x' }])
    expect((await keyRows(user)).map((r) => r.key)).toEqual(['y'])
    const statements: string[] = []
    const counting: Queryable = {
      query: (sql, params) => {
        statements.push(sql)
        return db.query(sql, params)
      },
    }
    await releaseClaims(counting, 'notifications-read', [])
    expect(statements).toEqual([])
  })
})

describe('deleteIdempotencyKeysBefore', () => {
  it('deletes the answers stored before the cut-off and counts them', async () => {
    const user = await newMember(db)
    await claimIdempotencyKeys(db, 'lot-create', [
      keyClaim(user, 'old1', 1),
      keyClaim(user, 'old2', 1),
    ])
    await db.query(
      `update idempotency_keys set created_at = now() - interval '8 days' where user_id = $1`,
      [user],
    )
    await claimIdempotencyKeys(db, 'lot-create', [keyClaim(user, 'new', 1)])
    const cutOff = new Date(Date.now() - 7 * 24 * 3_600_000)
    expect(await deleteIdempotencyKeysBefore(db, cutOff)).toBe(2)
    expect((await keyRows(user)).map((r) => r.key)).toEqual(['new'])
    expect(await deleteIdempotencyKeysBefore(db, cutOff)).toBe(0)
  })
})
