import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { lotChannel, LOTS_CHANNEL, walletChannel } from '../../../common/wire.ts'
import { receiptReference } from '../../../common/auction/ending.ts'
import { closeLot } from '../../../server/commands/settlement/close-lot.ts'
import { alertMailer } from '../../../server/mail/alerts/mailer.ts'
import { mailOutbox } from '../../../server/mail/outbox.ts'
import type { Database } from '../../../server/db/types.ts'
import { RecordingBroadcaster } from '../auction-helpers.ts'
import { createTestDatabase, testConfig } from '../helpers.ts'
import { expectMoneyInvariants } from '../invariants/money.ts'
import {
  balanceOf,
  holdsOn,
  insertBid,
  insertHold,
  insertLot,
  newMember,
  walletVersion,
} from './money-fixtures.ts'

/**
 * Closing a lot (server/commands/settlement/close-lot.ts) on one fresh database: a sale moves the
 * final price from the winner to the seller exactly once, every hold on the lot ends, each member
 * concerned is told, and a second close changes nothing.
 */
let db: Database
const broadcaster = new RecordingBroadcaster(testConfig().pusher)
const deps = () => ({ db, currency: 'EUR' })
beforeAll(async () => {
  db = await createTestDatabase()
})
beforeEach(() => broadcaster.clear())
afterAll(() => db.close())

const ENDED = -60

async function lotRow(lotId: string) {
  const { rows } = await db.query<{ status: string; closed_at: Date | null }>(
    'select status, closed_at from lots where id = $1',
    [lotId],
  )
  return rows[0]!
}

async function lotEntries(lotId: string) {
  const { rows } = await db.query<{
    user_id: string
    kind: string
    amount: number
    reason: string
  }>(
    `select user_id, kind, amount::int as amount, reason from ledger_entries where lot_id = $1 order by id`,
    [lotId],
  )
  return rows
}

async function notificationsOn(lotId: string) {
  const { rows } = await db.query<{ user_id: string; kind: string; data: unknown }>(
    'select user_id, kind, data from notifications where lot_id = $1 order by id',
    [lotId],
  )
  return rows
}

/** The wallet events sent, as (member, balance, held, pending). */
const walletEvents = () =>
  broadcaster.named('wallet.updated').map((e) => {
    const { balance, held, pending } = e.data as { balance: number; held: number; pending: number }
    return { channel: e.channel, balance, held, pending }
  })

/** An ended lot led by `winner` (maximum 4 000 held) at 2 500, and a loser who bid 2 000. */
async function endedLotWithBids(options: { reservePrice?: number } = {}) {
  const seller = await newMember(db)
  const winner = await newMember(db, 10_000)
  const loser = await newMember(db, 10_000)
  const lotId = await insertLot(db, seller, {
    title: 'Walnut desk',
    endsInSeconds: ENDED,
    leader: { id: winner, price: 2_500, max: 4_000 },
    reservePrice: options.reservePrice ?? null,
  })
  await insertBid(db, loser, lotId, 2_000)
  await insertBid(db, winner, lotId, 2_500)
  await insertHold(db, winner, lotId, 4_000)
  return { seller, winner, loser, lotId }
}

describe('closeLot: a sale', () => {
  it('moves the final price from the winner to the seller once, and releases any other hold', async () => {
    const { seller, winner, loser, lotId } = await endedLotWithBids()
    const stray = await newMember(db, 10_000)
    await insertHold(db, stray, lotId, 1_000)
    const versions = await Promise.all(
      [winner, seller, stray, loser].map((u) => walletVersion(db, u)),
    )
    const now = new Date()

    expect(await closeLot(deps(), lotId, now, { broadcaster })).toBe('settled')

    expect(await holdsOn(db, lotId)).toEqual(
      [
        { user_id: winner, amount: 2_500, status: 'captured' },
        { user_id: stray, amount: 1_000, status: 'released' },
      ].sort((a, b) => a.user_id.localeCompare(b.user_id)),
    )
    expect(await lotEntries(lotId)).toEqual([
      { user_id: winner, kind: 'purchase', amount: -2_500, reason: 'Walnut desk' },
      { user_id: seller, kind: 'sale', amount: 2_500, reason: 'Walnut desk' },
    ])
    // The sale moves money between members: the lot's entries balance to zero.
    expect((await lotEntries(lotId)).reduce((sum, e) => sum + e.amount, 0)).toBe(0)
    expect(await Promise.all([winner, seller, stray, loser].map((u) => balanceOf(db, u)))).toEqual([
      7_500, 2_500, 10_000, 10_000,
    ])
    // One bump per ledger entry (by trigger) and one per hold change (by the command).
    expect(
      await Promise.all([winner, seller, stray, loser].map((u) => walletVersion(db, u))),
    ).toEqual([versions[0]! + 2, versions[1]! + 1, versions[2]! + 1, versions[3]!])
    expect(await lotRow(lotId)).toEqual({ status: 'settled', closed_at: now })
    await expectMoneyInvariants(db)
  })

  it('tells the winner, the seller and the other bidders, and publishes the new wallets and lot', async () => {
    const { seller, winner, loser, lotId } = await endedLotWithBids()
    await closeLot(deps(), lotId, new Date(), { broadcaster })

    const data = { title: 'Walnut desk', price: 2_500, outcome: 'settled' }
    expect(await notificationsOn(lotId)).toEqual([
      { user_id: winner, kind: 'won', data },
      { user_id: seller, kind: 'lot_sold', data },
      { user_id: loser, kind: 'lot_ended', data },
    ])
    expect(
      broadcaster.userEvents.map((e) => [e.userId, (e.data as { kind: string }).kind]),
    ).toEqual([
      [winner, 'won'],
      [seller, 'lot_sold'],
      [loser, 'lot_ended'],
    ])
    expect(walletEvents().sort((a, b) => a.channel.localeCompare(b.channel))).toEqual(
      [
        { channel: walletChannel(winner), balance: 7_500, held: 0, pending: 0 },
        // The seller's proceeds wait for the order to complete (decision 0051).
        { channel: walletChannel(seller), balance: 0, held: 0, pending: 2_500 },
      ].sort((a, b) => a.channel.localeCompare(b.channel)),
    )
    // Both sides hear of the new order on their private channels.
    expect(
      broadcaster
        .named('order.updated')
        .map((e) => e.channel)
        .sort(),
    ).toEqual([walletChannel(winner), walletChannel(seller)].sort())
    const lotEvents = broadcaster.named('lot.updated')
    expect(lotEvents.map((e) => e.channel)).toEqual([LOTS_CHANNEL, lotChannel(lotId)])
    expect(lotEvents[0]!.data).toMatchObject({ id: lotId, status: 'settled', currentPrice: 2_500 })
  })

  it('a second close is skipped and moves nothing', async () => {
    const { winner, lotId } = await endedLotWithBids()
    await closeLot(deps(), lotId, new Date(), { broadcaster })
    broadcaster.clear()
    expect(await closeLot(deps(), lotId, new Date(), { broadcaster })).toBe('skipped')
    expect(await lotEntries(lotId)).toHaveLength(2)
    expect(await balanceOf(db, winner)).toBe(7_500)
    expect(await notificationsOn(lotId)).toHaveLength(3)
    expect(broadcaster.events).toEqual([])
  })
})

describe('closeLot: what it mails (decision 0054)', () => {
  const config = testConfig({ APP_URL: 'https://lotline.test/' })
  const alerts = alertMailer(config, mailOutbox(config))
  const withMail = () => ({ ...deps(), alerts })

  async function mailsOn(userIds: string[]) {
    const { rows } = await db.query<{
      user_id: string
      kind: string
      subject: string
      text: string
    }>(
      `select user_id, kind, subject, text_body as text from mail_outbox
        where user_id = any($1::uuid[]) order by id`,
      [userIds],
    )
    return rows
  }

  it('mails the winner the receipt and the seller the sale, in the close’s transaction', async () => {
    const { seller, winner, loser, lotId } = await endedLotWithBids()
    expect(await closeLot(withMail(), lotId, new Date(), { broadcaster })).toBe('settled')
    const mails = await mailsOn([seller, winner, loser])
    expect(mails.map((m) => [m.user_id, m.kind, m.subject])).toEqual([
      [winner, 'won', 'You won “Walnut desk”'],
      [seller, 'lot_sold', 'Sold: “Walnut desk”'],
    ])
    const { rows } = await db.query<{ id: number }>(
      `select id from ledger_entries where lot_id = $1 and user_id = $2 and kind = 'purchase'`,
      [lotId, winner],
    )
    const won = mails[0]!.text
    expect(won).toContain('Hammer price: €25.00')
    expect(won).toContain('Total paid: €25.00')
    expect(won).toContain(
      `${receiptReference(rows[0]!.id)}: https://lotline.test/wallet/receipts/${rows[0]!.id}`,
    )
    const { rows: orders } = await db.query<{ id: string }>(
      'select id from orders where lot_id = $1',
      [lotId],
    )
    expect(won).toContain(`https://lotline.test/orders/${orders[0]!.id}`)
    expect(mails[1]!.text).toContain(`https://lotline.test/orders/${orders[0]!.id}`)
    // A second close writes no second mail.
    await closeLot(withMail(), lotId, new Date(), { broadcaster })
    expect(await mailsOn([seller, winner, loser])).toHaveLength(2)
  })

  it('mails nobody when the lot does not sell', async () => {
    const { seller, winner, loser, lotId } = await endedLotWithBids({ reservePrice: 5_000 })
    expect(await closeLot(withMail(), lotId, new Date(), { broadcaster })).toBe('unsold')
    expect(await mailsOn([seller, winner, loser])).toEqual([])
  })
})

describe('closeLot: no sale', () => {
  it('below the reserve: the lot is unsold, the hold released, no money moves', async () => {
    const { seller, winner, loser, lotId } = await endedLotWithBids({ reservePrice: 3_000 })
    const before = await walletVersion(db, winner)
    expect(await closeLot(deps(), lotId, new Date(), { broadcaster })).toBe('unsold')
    expect(await holdsOn(db, lotId)).toEqual([
      { user_id: winner, amount: 4_000, status: 'released' },
    ])
    expect(await lotEntries(lotId)).toEqual([])
    expect(await walletVersion(db, winner)).toBe(before + 1)
    expect((await lotRow(lotId)).status).toBe('unsold')
    const data = { title: 'Walnut desk', price: 2_500, outcome: 'unsold' }
    expect((await notificationsOn(lotId)).map((n) => [n.user_id, n.kind, n.data]).sort()).toEqual(
      [
        [seller, 'lot_unsold', data],
        [loser, 'lot_ended', data],
        [winner, 'lot_ended', data],
      ].sort(),
    )
    expect(walletEvents()).toEqual([
      { channel: walletChannel(winner), balance: 10_000, held: 0, pending: 0 },
    ])
    await expectMoneyInvariants(db)
  })

  it('a lot not yet ended, or no lot at all, is skipped and left as it was', async () => {
    const seller = await newMember(db)
    const leader = await newMember(db, 10_000)
    const lotId = await insertLot(db, seller, {
      endsInSeconds: 600,
      leader: { id: leader, price: 1_000, max: 1_000 },
    })
    await insertHold(db, leader, lotId, 1_000)
    expect(await closeLot(deps(), lotId, new Date(), { broadcaster })).toBe('skipped')
    expect(await closeLot(deps(), randomUUID(), new Date(), { broadcaster })).toBe('skipped')
    expect(await holdsOn(db, lotId)).toEqual([{ user_id: leader, amount: 1_000, status: 'active' }])
    expect((await lotRow(lotId)).status).toBe('open')
    expect(broadcaster.events).toEqual([])
  })

  it('closes at the current time when none is given', async () => {
    const seller = await newMember(db)
    const lotId = await insertLot(db, seller, { endsInSeconds: ENDED })
    const before = Date.now()
    expect(await closeLot(deps(), lotId)).toBe('unsold')
    expect((await lotRow(lotId)).closed_at!.getTime()).toBeGreaterThanOrEqual(before - 1)
  })
})
