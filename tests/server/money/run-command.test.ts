import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCommand, type Idempotency } from '../../../server/commands/run-command.ts'
import type { Database, Queryable } from '../../../server/db/types.ts'
import { appendLedgerEntry } from '../../../server/repositories/ledger.ts'
import { AppError } from '../../../server/lib/problem.ts'
import type { Publication } from '../../../server/lib/publication.ts'
import type { Wallet } from '../../../common/wallet.ts'
import { walletChannel } from '../../../common/wire.ts'
import { RecordingBroadcaster } from '../auction-helpers.ts'
import { createTestDatabase, testConfig } from '../helpers.ts'
import { balanceOf, newMember } from './money-fixtures.ts'

/**
 * The shell every write runs in (server/commands/run-command.ts), on one fresh database: a write
 * under an Idempotency-Key applies once and a repeat gets the stored answer, another request under
 * the key is refused, a refusal stores nothing, and events leave only after the commit.
 */
let db: Database
const broadcaster = new RecordingBroadcaster(testConfig().pusher)
beforeAll(async () => {
  db = await createTestDatabase()
})
afterAll(() => db.close())

const WALLET: Wallet = {
  balance: 0,
  held: 0,
  available: 0,
  pending: 0,
  currency: 'EUR',
  version: 1,
}

/** A write that moves money: one adjustment of `amount` on the member's ledger. */
function credit(userId: string, amount: number, calls: { n: number }) {
  return async (tx: Queryable, events: Publication) => {
    calls.n++
    await appendLedgerEntry(tx, { userId, kind: 'adjustment', amount })
    events.walletUpdated(userId, { ...WALLET, balance: amount, available: amount })
    return { credited: amount }
  }
}

const once = (userId: string, key: string | undefined, parts: unknown, statusCode?: number) =>
  ({ userId, scope: 'admin-adjustment', key, parts, statusCode }) satisfies Idempotency

async function storedKey(userId: string) {
  const { rows } = await db.query<{ key: string; status_code: number; response: unknown }>(
    'select key, status_code, response from idempotency_keys where user_id = $1',
    [userId],
  )
  return rows
}

describe('runCommand without a key', () => {
  it('runs the work each time, answers 200, and stores nothing', async () => {
    const user = await newMember(db)
    const calls = { n: 0 }
    const first = await runCommand(db, {}, credit(user, 100, calls))
    expect(first).toEqual({ body: { credited: 100 }, statusCode: 200, replayed: false })
    await runCommand(db, { once: once(user, undefined, {}) }, credit(user, 100, calls))
    expect(calls.n).toBe(2)
    expect(await balanceOf(db, user)).toBe(200)
    expect(await storedKey(user)).toEqual([])
  })

  it('keeps the status it is given', async () => {
    const user = await newMember(db)
    const answer = await runCommand(db, { once: once(user, undefined, {}, 201) }, async () => 'ok')
    expect(answer).toEqual({ body: 'ok', statusCode: 201, replayed: false })
  })
})

describe('runCommand with an Idempotency-Key', () => {
  it('applies once; a repeat gets the stored answer and status without running the work', async () => {
    const user = await newMember(db)
    const calls = { n: 0 }
    const first = await runCommand(
      db,
      { once: once(user, 'key-1', { amount: 500 }, 201) },
      credit(user, 500, calls),
    )
    expect(first).toEqual({ body: { credited: 500 }, statusCode: 201, replayed: false })
    expect(await storedKey(user)).toEqual([
      { key: 'key-1', status_code: 201, response: { credited: 500 } },
    ])
    const repeat = await runCommand(
      db,
      { once: once(user, 'key-1', { amount: 500 }, 201) },
      credit(user, 500, calls),
    )
    expect(repeat).toEqual({ body: { credited: 500 }, statusCode: 201, replayed: true })
    expect(calls.n).toBe(1)
    expect(await balanceOf(db, user)).toBe(500)
  })

  it('stores 200 when no status is given, and replays it', async () => {
    const user = await newMember(db)
    const calls = { n: 0 }
    const run = () => runCommand(db, { once: once(user, 'key-200', 1) }, credit(user, 1, calls))
    expect(await run()).toMatchObject({ statusCode: 200, replayed: false })
    expect(await run()).toEqual({ body: { credited: 1 }, statusCode: 200, replayed: true })
    expect(await storedKey(user)).toEqual([
      { key: 'key-200', status_code: 200, response: { credited: 1 } },
    ])
  })

  it('refuses another request under the key with 422 idempotency_key_reused, changing nothing', async () => {
    const user = await newMember(db)
    const calls = { n: 0 }
    await runCommand(db, { once: once(user, 'key-2', { amount: 300 }) }, credit(user, 300, calls))
    const reused = runCommand(
      db,
      { once: once(user, 'key-2', { amount: 900 }) },
      credit(user, 900, calls),
    )
    await expect(reused).rejects.toBeInstanceOf(AppError)
    await expect(reused).rejects.toMatchObject({ status: 422, code: 'idempotency_key_reused' })
    expect(calls.n).toBe(1)
    expect(await balanceOf(db, user)).toBe(300)
  })

  it('keeps keys apart per member', async () => {
    const [a, b] = [await newMember(db), await newMember(db)]
    const calls = { n: 0 }
    await runCommand(db, { once: once(a, 'same-key', 1) }, credit(a, 10, calls))
    const other = await runCommand(db, { once: once(b, 'same-key', 1) }, credit(b, 20, calls))
    expect(other).toEqual({ body: { credited: 20 }, statusCode: 200, replayed: false })
    expect([await balanceOf(db, a), await balanceOf(db, b)]).toEqual([10, 20])
  })

  it('a refused write stores no answer: its retry runs, and applies once', async () => {
    const user = await newMember(db)
    const calls = { n: 0 }
    const refused = runCommand(db, { once: once(user, 'key-3', 7) }, async (tx, events) => {
      await credit(user, 700, calls)(tx, events)
      throw new AppError(409, 'lot_not_open', 'Refused')
    })
    await expect(refused).rejects.toMatchObject({ code: 'lot_not_open' })
    expect(await balanceOf(db, user)).toBe(0)
    expect(await storedKey(user)).toEqual([])
    const retry = await runCommand(db, { once: once(user, 'key-3', 7) }, credit(user, 700, calls))
    expect(retry.replayed).toBe(false)
    expect(await balanceOf(db, user)).toBe(700)
  })
})

describe('runCommand events', () => {
  it('publishes after the commit, leaving out the sender socket, and not on a replay', async () => {
    const user = await newMember(db)
    const calls = { n: 0 }
    broadcaster.clear()
    const publishTo = { broadcaster, socketId: '123.456' }
    await runCommand(db, { once: once(user, 'key-4', 1), publishTo }, credit(user, 40, calls))
    expect(broadcaster.events).toEqual([
      {
        channel: walletChannel(user),
        name: 'wallet.updated',
        data: { ...WALLET, balance: 40, available: 40 },
        toSender: true,
        socketId: '123.456',
      },
    ])
    broadcaster.clear()
    await runCommand(db, { once: once(user, 'key-4', 1), publishTo }, credit(user, 40, calls))
    expect(broadcaster.events).toEqual([])
  })

  it('publishes nothing for a write that was refused, and nothing without an audience', async () => {
    const user = await newMember(db)
    const calls = { n: 0 }
    broadcaster.clear()
    await expect(
      runCommand(db, { publishTo: { broadcaster } }, async (tx, events) => {
        await credit(user, 5, calls)(tx, events)
        throw new Error('refused')
      }),
    ).rejects.toThrow('refused')
    await runCommand(db, {}, credit(user, 5, calls))
    expect(broadcaster.events).toEqual([])
    await runCommand(db, { publishTo: { broadcaster } }, credit(user, 5, calls))
    expect(broadcaster.events.map((e) => [e.name, e.socketId])).toEqual([
      ['wallet.updated', undefined],
    ])
  })
})
