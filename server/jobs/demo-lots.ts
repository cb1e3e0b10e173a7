/**
 * Demo data that stays alive (decision 0026): in local mode the scheduler keeps at least
 * `DEMO_OPEN_MIN` lots open, listing a new one from a small catalogue, through the real create
 * command, whenever one closes. Never in production; never on a database the seed did not fill.
 */
import type { LotCategory } from '../../common/auction.ts'
import { createLot } from '../commands/lots/create-lot.ts'
import type { LotDeliveryInput } from '../../common/orders/delivery.ts'
import type { Database } from '../db/types.ts'
import type { Broadcaster } from '../lib/broadcaster.ts'
import { countRunningLots } from '../repositories/lots/demo.ts'
import { findUserByEmail } from '../repositories/users.ts'
import { pictureNewDemoLot } from './demo-pictures.ts'

export const DEMO_OPEN_MIN = 4
export const DEMO_SELLERS = ['alice@lotline.test', 'bob@lotline.test', 'carol@lotline.test']

/** How the demo's lots reach their buyers, in turn: every way an order can go (issue 29). */
export const DEMO_DELIVERIES: readonly LotDeliveryInput[] = [
  { shipping: { cost: 650 } },
  { pickup: { town: 'Madrid' } },
  { shipping: { cost: 900 }, pickup: { town: 'Sevilla' } },
  { shipping: { cost: 0 } },
]
export const demoDelivery = (index: number) => DEMO_DELIVERIES[index % DEMO_DELIVERIES.length]!

/** What the demo lists, in turn: varied categories, prices and lengths (some end within the hour). */
export const DEMO_CATALOGUE: ReadonlyArray<{
  title: string
  category: LotCategory
  price: number
  minutes: number
  reserve?: number
}> = [
  { title: 'Rolleiflex twin-lens camera', category: 'cameras', price: 18_000, minutes: 45 },
  {
    title: 'Oak writing desk with three drawers',
    category: 'furniture',
    price: 9_000,
    minutes: 150,
  },
  {
    title: 'Framed linocut, signed, 1972',
    category: 'art',
    price: 4_500,
    minutes: 35,
    reserve: 8_000,
  },
  { title: 'Art deco silver brooch', category: 'jewellery_watches', price: 6_000, minutes: 90 },
  { title: 'Complete Tintin set, French editions', category: 'books', price: 12_000, minutes: 240 },
  { title: 'Tin wind-up robot, boxed', category: 'collectibles', price: 3_000, minutes: 25 },
  { title: 'Copper saucepan set (5 pieces)', category: 'home', price: 5_500, minutes: 120 },
  { title: 'Fender Telecaster, 1990s, Mexican', category: 'music', price: 40_000, minutes: 180 },
  { title: 'Wooden chess set, hand-carved', category: 'toys_games', price: 2_500, minutes: 55 },
  { title: 'Wool overcoat, tailored, size M', category: 'fashion', price: 7_500, minutes: 75 },
  { title: 'Brass ship barometer', category: 'other', price: 3_500, minutes: 40 },
]

export interface DemoLotsDeps {
  db: Database
  broadcaster: Broadcaster
  /** Where demo pictures are written (decision 0024); without it new demo lots have none. */
  uploadsDir?: string
  /** At least this many open lots (default `DEMO_OPEN_MIN`). */
  minOpen?: number
}

/** The scheduler's demo option: none in production (main.ts passes `config.production`). */
export function demoLotsFor(production: boolean, deps: DemoLotsDeps): DemoLotsDeps | undefined {
  return production ? undefined : deps
}

let turn = 0

/** Lists demo lots until `minOpen` are open at `now`; returns the new lots' ids. */
export async function keepDemoLotsOpen(deps: DemoLotsDeps, now = new Date()): Promise<string[]> {
  const missing = (deps.minOpen ?? DEMO_OPEN_MIN) - (await countRunningLots(deps.db, now))
  if (missing <= 0) return []
  const sellers = []
  for (const email of DEMO_SELLERS) {
    const user = await findUserByEmail(deps.db, email)
    if (user) sellers.push(user)
  }
  // Only a database the demo seed filled has these members: anyone else's data is left alone.
  if (sellers.length === 0) return []
  const created: string[] = []
  for (let i = 0; i < missing; i++) {
    const item = DEMO_CATALOGUE[turn % DEMO_CATALOGUE.length]!
    const seller = sellers[turn % sellers.length]!
    turn++
    const result = await createLot(
      deps.db,
      {
        sellerId: seller.id,
        key: undefined,
        body: {
          title: item.title,
          category: item.category,
          description: `${item.title}. Demo lot listed by ${seller.name}.`,
          startingPrice: item.price,
          reservePrice: item.reserve ?? null,
          endsAt: new Date(now.getTime() + item.minutes * 60_000).toISOString(),
          delivery: demoDelivery(turn),
        },
      },
      { broadcaster: deps.broadcaster },
    )
    created.push(result.body.id)
    if (deps.uploadsDir)
      await pictureNewDemoLot({ ...deps, uploadsDir: deps.uploadsDir }, result.body.id)
  }
  return created
}
