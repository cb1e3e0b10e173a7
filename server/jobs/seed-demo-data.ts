import type { Database } from '../db/types.ts'
import { hashPassword } from '../lib/passwords.ts'
import { SOFT_CLOSE_DEFAULT_SECONDS } from '../../common/auction.ts'
import { DEFAULT_CURRENCY } from '../../common/config.ts'
import { countUsers, insertUser } from '../repositories/users.ts'
import { appendLedgerEntry } from '../repositories/ledger.ts'
import { insertLot } from '../repositories/lots.ts'
import { seedEndedLots } from './seed-ended-lots.ts'
import { seedDemoOrders } from './seed-demo-orders.ts'
import { seedDemoShows } from './seed-demo-shows.ts'
import { demoDelivery } from './demo-lots.ts'
import { cleanDelivery } from '../../common/orders/delivery.ts'
import { NO_FEES, type FeeRates } from '../../common/orders/fees.ts'

export const DEMO_PASSWORD = 'lotline-demo'
export { DEMO_STARTING_CREDIT } from './demo-credit.ts'
import { DEMO_STARTING_CREDIT } from './demo-credit.ts'

const MEMBERS = [
  { name: 'Alice', email: 'alice@lotline.test' },
  { name: 'Bob', email: 'bob@lotline.test' },
  { name: 'Carol', email: 'carol@lotline.test' },
]

const LOTS = [
  {
    title: 'Mid-century teak sideboard',
    category: 'furniture',
    price: 12_000,
    hours: 2,
    reserve: 20_000,
  },
  {
    title: 'Leica M6 film camera, 1986',
    category: 'cameras',
    price: 45_000,
    hours: 26,
    reserve: null,
  },
  {
    title: 'Signed first edition: "The Left Hand of Darkness"',
    category: 'books',
    price: 8_000,
    hours: 0.25,
    reserve: null,
  },
  {
    title: 'Vintage Omega Seamaster wristwatch',
    category: 'jewellery_watches',
    price: 30_000,
    hours: 72,
    reserve: 60_000,
  },
  {
    title: 'Hand-thrown stoneware tea set (6 pieces)',
    category: 'home',
    price: 2_500,
    hours: 6,
    reserve: null,
  },
] as const

/**
 * Demo data for local mode: an admin, three members with 500.00 of credit each (demo_credit
 * entries), a few open lots, and two ended ones — one unsold, one sold through a real bid and the
 * real close command (decision 0026) — then the demo orders, one or more in each state, each a real
 * sale moved on by the real order command (seed-demo-orders.ts) — and Carol's live shows, one
 * upcoming and one past (seed-demo-shows.ts). Runs only on an empty database and never in
 * production.
 */
export async function seedDemoData(
  db: Database,
  currency = DEFAULT_CURRENCY,
  fees: FeeRates = NO_FEES,
): Promise<boolean> {
  if ((await countUsers(db)) > 0) return false
  const passwordHash = await hashPassword(DEMO_PASSWORD)
  await db.transaction(async (tx) => {
    const now = Date.now()
    const admin = await insertUser(tx, {
      name: 'Admin',
      email: 'admin@lotline.test',
      passwordHash,
      role: 'admin',
      // The demo's addresses receive no mail: they count as verified (decision 0054).
      verified: true,
    })
    const members = []
    for (const member of MEMBERS) {
      const user = await insertUser(tx, { ...member, passwordHash, verified: true })
      if (!user) throw new Error(`seed: ${member.email} exists`)
      members.push(user)
      await appendLedgerEntry(tx, {
        userId: user.id,
        kind: 'demo_credit',
        amount: DEMO_STARTING_CREDIT,
        reason: 'Welcome credit (demo data)',
        createdBy: admin?.id,
      })
    }
    for (const [index, lot] of LOTS.entries()) {
      const seller = members[index % members.length]!
      await insertLot(tx, {
        sellerId: seller.id,
        title: lot.title,
        category: lot.category,
        description: `${lot.title}. Demo lot listed by ${seller.name}.`,
        startingPrice: lot.price,
        reservePrice: lot.reserve,
        startsAt: new Date(now - 5 * 60_000),
        endsAt: new Date(now + Math.round(lot.hours * 3600) * 1000),
        softCloseSeconds: SOFT_CLOSE_DEFAULT_SECONDS,
        status: 'open',
        delivery: cleanDelivery(demoDelivery(index)),
      })
    }
  })
  // After the commit: bidding and closing run their own transactions, as they do for real.
  await seedEndedLots(db, currency, fees)
  // Before the orders: their closing credit also makes up for the shows' sales.
  await seedDemoShows(db, currency, fees)
  await seedDemoOrders({ db, currency, fees })
  return true
}
