/**
 * The demo's live shows (issue 34, local mode only, like the rest of the seed: decision 0026): by
 * Carol, followed by Alice and Bob — one scheduled about two hours ahead with three lots queued
 * (standard and sudden death, timers of 30, 20 and 45 s), and one that ended yesterday: two lots
 * sold through real bids and the real close command, one skipped by the host, a little chat.
 */
import { randomUUID } from 'node:crypto'
import { showSoftCloseSeconds, type ShowMode } from '../../common/shows.ts'
import { cleanDelivery } from '../../common/orders/delivery.ts'
import type { FeeRates } from '../../common/orders/fees.ts'
import type { LotCategory } from '../../common/auction.ts'
import { placeBids } from '../commands/bids/place-bids.ts'
import { closeLot } from '../commands/settlement/close-lot.ts'
import type { Database, Queryable } from '../db/types.ts'
import { insertLot } from '../repositories/lots.ts'
import { findUserByEmail, toPublicUser } from '../repositories/users.ts'
import { demoDelivery } from './demo-lots.ts'

const MINUTE = 60_000
/** The skipped lot's reason, as the host's skip gives it. */
const SKIPPED = 'Skipped by the host'

interface DemoShowLot {
  title: string
  category: LotCategory
  price: number
  timerSeconds: number
  mode: ShowMode
}

const UPCOMING: DemoShowLot[] = [
  {
    title: 'Olympus OM-1 body, serviced',
    category: 'cameras',
    price: 4_000,
    timerSeconds: 30,
    mode: 'standard',
  },
  {
    title: 'Box of 10 Kodak Portra 400 rolls (expired 2019)',
    category: 'cameras',
    price: 1_500,
    timerSeconds: 20,
    mode: 'sudden_death',
  },
  {
    title: 'Zeiss Ikon folding camera, 1950s',
    category: 'cameras',
    price: 3_000,
    timerSeconds: 45,
    mode: 'standard',
  },
]

const PAST: DemoShowLot[] = [
  {
    title: 'Canon AE-1 Program with 50 mm f/1.8',
    category: 'cameras',
    price: 2_000,
    timerSeconds: 30,
    mode: 'standard',
  },
  {
    title: 'Hoya filter set (49 mm, five filters)',
    category: 'cameras',
    price: 800,
    timerSeconds: 20,
    mode: 'sudden_death',
  },
  {
    title: 'Polaroid SX-70, untested',
    category: 'cameras',
    price: 2_500,
    timerSeconds: 45,
    mode: 'standard',
  },
]

async function insertShowRow(
  db: Queryable,
  show: { sellerId: string; title: string; description: string; startsAt: Date; endedAt?: Date },
): Promise<string> {
  const ended = show.endedAt !== undefined
  const { rows } = await db.query<{ id: string }>(
    `insert into shows (seller_id, title, description, starts_at, state, started_at, ended_at,
                        reminded_at, announced_at)
     values ($1, $2, $3, $4, $5, $6, $7, $6, $6) returning id`,
    [
      show.sellerId,
      show.title,
      show.description,
      show.startsAt,
      ended ? 'ended' : 'scheduled',
      ended ? show.startsAt : null,
      show.endedAt ?? null,
    ],
  )
  return rows[0]!.id
}

/** One of the show's lots at its place in the queue; open (to be bid on) or scheduled (queued). */
async function insertShowLot(
  db: Queryable,
  showId: string,
  sellerId: string,
  lot: DemoShowLot & { position: number; startsAt: Date; status: 'open' | 'scheduled' },
): Promise<string> {
  const lotId = await insertLot(db, {
    sellerId,
    title: lot.title,
    category: lot.category,
    description: `${lot.title}. Demo lot in one of Carol’s live shows.`,
    startingPrice: lot.price,
    reservePrice: null,
    startsAt: lot.startsAt,
    // A queued lot's end is a placeholder (start + timer) until the host opens it; a lot to bid
    // on runs for the seed's bids and is then moved to its slot in the show (`moveToItsSlot`).
    endsAt: new Date(
      lot.status === 'open'
        ? Date.now() + 60 * MINUTE
        : lot.startsAt.getTime() + lot.timerSeconds * 1000,
    ),
    softCloseSeconds: showSoftCloseSeconds(lot.mode),
    status: lot.status,
    delivery: cleanDelivery(demoDelivery(lot.position)),
  })
  await db.query('update lots set show_id = $2 where id = $1', [lotId, showId])
  await db.query(
    `insert into show_lots (show_id, lot_id, position, timer_seconds, mode)
     values ($1, $2, $3, $4, $5)`,
    [showId, lotId, lot.position, lot.timerSeconds, lot.mode],
  )
  return lotId
}

/** A lot bid on a moment ago "ran" at `openedAt` for its timer: its times and its bids move there. */
async function moveToItsSlot(db: Queryable, lotId: string, openedAt: Date, timerSeconds: number) {
  const endsAt = new Date(openedAt.getTime() + timerSeconds * 1000)
  await db.query('update lots set starts_at = $2, ends_at = $3 where id = $1', [
    lotId,
    openedAt,
    endsAt,
  ])
  await db.query(
    `update bids b set created_at = $2::timestamptz + ($3::timestamptz - $2::timestamptz) * o.rank / (o.total + 1)
       from (select id, row_number() over (order by id) as rank, count(*) over () as total
               from bids where lot_id = $1) o
      where b.id = o.id`,
    [lotId, openedAt, endsAt],
  )
  return endsAt
}

export async function seedDemoShows(db: Database, currency: string, fees: FeeRates): Promise<void> {
  const [alice, bob, carol] = await Promise.all(
    ['alice@lotline.test', 'bob@lotline.test', 'carol@lotline.test'].map((email) =>
      findUserByEmail(db, email),
    ),
  )
  if (!alice || !bob || !carol) throw new Error('seed: the demo members are missing')
  const now = new Date()
  await db.query(
    `insert into seller_follows (follower_id, seller_id) values ($1, $3), ($2, $3)
     on conflict do nothing`,
    [alice.id, bob.id, carol.id],
  )

  // Upcoming: about two hours ahead; followers are reminded 15 minutes before.
  const startsAt = new Date(now.getTime() + 2 * 60 * MINUTE)
  const upcoming = await insertShowRow(db, {
    sellerId: carol.id,
    title: 'Sunday camera hour',
    description: 'Three film cameras and a box of film, back to back. Demo show.',
    startsAt,
  })
  for (const [position, lot] of UPCOMING.entries()) {
    await insertShowLot(db, upcoming, carol.id, { ...lot, position, startsAt, status: 'scheduled' })
  }

  // Ended yesterday: each lot opened a few minutes into the show.
  const started = new Date(now.getTime() - 24 * 60 * MINUTE)
  const past = await insertShowRow(db, {
    sellerId: carol.id,
    title: 'Camera clear-out',
    description: 'Carol’s shelf of spares. Demo show.',
    startsAt: started,
    endedAt: new Date(started.getTime() + 10 * MINUTE),
  })
  const bids: Array<Array<{ user: typeof bob; amount: number; maxAmount?: number }>> = [
    [
      { user: bob, amount: 2_000, maxAmount: 3_500 },
      { user: alice, amount: 2_500 },
    ],
    [{ user: alice, amount: 800 }],
  ]
  for (const [position, lot] of PAST.entries()) {
    const openedAt = new Date(started.getTime() + (position + 1) * 2 * MINUTE)
    const sold = position < bids.length
    const lotId = await insertShowLot(db, past, carol.id, {
      ...lot,
      position,
      startsAt: sold ? new Date(now.getTime() - MINUTE) : openedAt,
      status: sold ? 'open' : 'scheduled',
    })
    if (!sold) {
      await db.query(
        `update lots set status = 'cancelled', closed_at = $2, cancelled_at = $2,
                cancel_reason = $3 where id = $1`,
        [lotId, openedAt, SKIPPED],
      )
      await db.query(`update show_lots set state = 'skipped' where lot_id = $1`, [lotId])
      continue
    }
    for (const bid of bids[position]!) {
      const { results } = await placeBids(
        db,
        lotId,
        [
          {
            user: toPublicUser(bid.user),
            amount: bid.amount,
            maxAmount: bid.maxAmount,
            idempotencyKey: randomUUID(),
            socketId: undefined,
          },
        ],
        currency,
        fees,
      )
      const result = results[0]
      if (!result?.ok)
        throw new Error(`seed: a demo show bid was refused: ${JSON.stringify(result)}`)
    }
    const endsAt = await moveToItsSlot(db, lotId, openedAt, lot.timerSeconds)
    const outcome = await closeLot({ db, currency, fees }, lotId, now)
    if (outcome !== 'settled') throw new Error(`seed: a demo show lot closed as ${outcome}`)
    await db.query(
      `update show_lots set state = 'done', opened_at = $2, closed_at = $3 where lot_id = $1`,
      [lotId, openedAt, endsAt],
    )
  }
  await db.query(
    `insert into show_chat (show_id, author_id, body, created_at)
     values ($1, $2, 'Welcome! First up: the Canon.', $5::timestamptz + interval '1 minute'),
            ($1, $3, 'Does the meter work?', $5::timestamptz + interval '90 seconds'),
            ($1, $2, 'It does, tested last week.', $5::timestamptz + interval '100 seconds'),
            ($1, $4, 'Got the filters, thanks!', $5::timestamptz + interval '5 minutes')`,
    [past, carol.id, bob.id, alice.id, started],
  )
}
