import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../../server/db/types.ts'
import { toPositional } from '../../../server/db/named-sql.ts'
import {
  activeHoldsOnLot,
  captureHold,
  leaderOnlyHoldPieces,
  releaseHoldsOnLot,
} from '../../../server/repositories/holds.ts'
import { createTestDatabase } from '../helpers.ts'
import { holdsOn, insertHold, insertLot, newMember } from './money-fixtures.ts'

/**
 * The holds repository (server/repositories/holds.ts) on one fresh database: what each function
 * does to the money members see held, and that it touches only the lot and the holds it names.
 */
let db: Database
beforeAll(async () => {
  db = await createTestDatabase()
})
afterAll(() => db.close())

/** A lot with two bidders' active holds (as if both led once), and a hold on another lot. */
async function lotWithTwoHolds() {
  const seller = await newMember(db)
  const [first, second] = [await newMember(db, 10_000), await newMember(db, 10_000)].sort()
  const lotId = await insertLot(db, seller)
  const otherLot = await insertLot(db, seller)
  await insertHold(db, second!, lotId, 3_000)
  await insertHold(db, first!, lotId, 2_000)
  await insertHold(db, first!, otherLot, 1_500)
  return { first: first!, second: second!, lotId, otherLot }
}

/** Runs one piece of a combined statement on its own, as `withPieces` would inside a CTE. */
async function runPiece(piece: { sql: string; params: Record<string, unknown> }) {
  const { text, values } = toPositional(piece.sql, piece.params)
  return (await db.query(text, values)).rowCount
}

describe('activeHoldsOnLot', () => {
  it('lists the active holds of that lot only, by user, with their amounts', async () => {
    const { first, second, lotId } = await lotWithTwoHolds()
    await db.query(`update holds set status = 'released' where lot_id = $1 and user_id = $2`, [
      lotId,
      second,
    ])
    const holds = await activeHoldsOnLot(db, lotId)
    expect(holds.map(({ user_id, amount }) => ({ user_id, amount: Number(amount) }))).toEqual([
      { user_id: first, amount: 2_000 },
    ])
    expect(typeof holds[0]!.id).toBe('number')
  })

  it('orders the holds by user', async () => {
    const { first, second, lotId } = await lotWithTwoHolds()
    expect((await activeHoldsOnLot(db, lotId)).map((h) => h.user_id)).toEqual([first, second])
  })
})

describe('releaseHoldsOnLot', () => {
  it('releases every active hold of the lot once and says whose', async () => {
    const { first, second, lotId, otherLot } = await lotWithTwoHolds()
    expect((await releaseHoldsOnLot(db, lotId)).sort()).toEqual([first, second])
    expect((await holdsOn(db, lotId)).map((h) => h.status)).toEqual(['released', 'released'])
    // The other lot's hold is untouched, and a second release finds nothing to give back.
    expect((await holdsOn(db, otherLot)).map((h) => h.status)).toEqual(['active'])
    expect(await releaseHoldsOnLot(db, lotId)).toEqual([])
  })
})

describe('captureHold', () => {
  it("captures the winner's hold at the final price, once", async () => {
    const { first, second, lotId } = await lotWithTwoHolds()
    expect(await captureHold(db, lotId, second, 2_500)).toBe(true)
    expect(await holdsOn(db, lotId)).toEqual([
      { user_id: first, amount: 2_000, status: 'active' },
      { user_id: second, amount: 2_500, status: 'captured' },
    ])
    expect(await captureHold(db, lotId, second, 2_500)).toBe(false)
  })

  it('captures nothing for a member without an active hold on the lot', async () => {
    const { second, otherLot } = await lotWithTwoHolds()
    expect(await captureHold(db, otherLot, second, 1_000)).toBe(false)
    expect((await holdsOn(db, otherLot)).map((h) => h.status)).toEqual(['active'])
  })
})

describe('leaderOnlyHoldPieces', () => {
  const names = { released: 'released_holds', held: 'leader_hold' }
  const at = new Date('2026-01-02T03:04:05.000Z')

  it('names its two pieces as asked', () => {
    const pieces = leaderOnlyHoldPieces(names, { lotId: 'x', at, leaderId: null, amount: null })
    expect(pieces.map((p) => p.name)).toEqual(['released_holds', 'leader_hold'])
  })

  it("releases the others' holds and raises the leader's to their maximum", async () => {
    const { first, second, lotId, otherLot } = await lotWithTwoHolds()
    const [released, held] = leaderOnlyHoldPieces(names, {
      lotId,
      at,
      leaderId: first,
      amount: 4_000,
    })
    expect(await runPiece(released!)).toBe(1)
    expect(await runPiece(held!)).toBe(1)
    expect(await holdsOn(db, lotId)).toEqual([
      { user_id: first, amount: 4_000, status: 'active' },
      { user_id: second, amount: 3_000, status: 'released' },
    ])
    const { rows } = await db.query<{ updated_at: Date }>(
      `select updated_at from holds where lot_id = $1 order by user_id`,
      [lotId],
    )
    expect(rows.map((r) => r.updated_at.toISOString())).toEqual([
      at.toISOString(),
      at.toISOString(),
    ])
    expect((await holdsOn(db, otherLot)).map((h) => h.status)).toEqual(['active'])
  })

  it('creates the hold of a new leader', async () => {
    const { second, lotId } = await lotWithTwoHolds()
    const newcomer = await newMember(db, 10_000)
    const [released, held] = leaderOnlyHoldPieces(names, {
      lotId,
      at,
      leaderId: newcomer,
      amount: 5_000,
    })
    expect(await runPiece(released!)).toBe(2)
    expect(await runPiece(held!)).toBe(1)
    const active = (await holdsOn(db, lotId)).filter((h) => h.status === 'active')
    expect(active).toEqual([{ user_id: newcomer, amount: 5_000, status: 'active' }])
    expect(second).not.toBe(newcomer)
  })

  it('without a leader, releases every hold and holds nothing', async () => {
    const { lotId } = await lotWithTwoHolds()
    const [released, held] = leaderOnlyHoldPieces(names, {
      lotId,
      at,
      leaderId: null,
      amount: null,
    })
    expect(await runPiece(released!)).toBe(2)
    expect(await runPiece(held!)).toBe(0)
    expect((await holdsOn(db, lotId)).map((h) => h.status)).toEqual(['released', 'released'])
  })
})
