/**
 * The demo's ended lots (decision 0026): one that closed unsold, and one sold through real bids
 * and the real close command, so the winner's purchase, the seller's sale and the holds in the
 * ledger are exactly what a real sale leaves.
 */
import { randomUUID } from 'node:crypto'
import { SOFT_CLOSE_DEFAULT_SECONDS } from '../../common/auction.ts'
import { placeBids } from '../commands/bids/place-bids.ts'
import { closeLot } from '../commands/settlement/close-lot.ts'
import type { Database } from '../db/types.ts'
import { insertLot } from '../repositories/lots.ts'
import { moveDemoLotEnd } from '../repositories/lots/demo.ts'
import { findUserByEmail, toPublicUser } from '../repositories/users.ts'
import { cleanDelivery } from '../../common/orders/delivery.ts'
import type { FeeRates } from '../../common/orders/fees.ts'
import { demoDelivery } from './demo-lots.ts'

export async function seedEndedLots(db: Database, currency: string, fees: FeeRates): Promise<void> {
  const [alice, bob, carol] = await Promise.all(
    ['alice@lotline.test', 'bob@lotline.test', 'carol@lotline.test'].map((email) =>
      findUserByEmail(db, email),
    ),
  )
  if (!alice || !bob || !carol) throw new Error('seed: the demo members are missing')
  const now = new Date()
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000)

  const unsold = await insertLot(db, {
    sellerId: alice.id,
    title: 'Victorian mantel clock (not running)',
    category: 'home',
    description: 'Victorian mantel clock. Demo lot listed by Alice; it ended without a bid.',
    startingPrice: 15_000,
    reservePrice: null,
    startsAt: hoursAgo(5),
    endsAt: hoursAgo(2),
    softCloseSeconds: SOFT_CLOSE_DEFAULT_SECONDS,
    status: 'open',
    delivery: cleanDelivery(demoDelivery(1)),
  })
  await closeLot({ db, currency, fees }, unsold, now)

  const sold = await insertLot(db, {
    sellerId: carol.id,
    title: 'Pentax K1000 with 50 mm lens',
    category: 'cameras',
    description: 'Pentax K1000 with its 50 mm lens. Demo lot listed by Carol; sold to Bob.',
    nextSteps: 'Pickup in person, or shipping by post at the buyer’s cost.',
    startingPrice: 6_000,
    reservePrice: null,
    startsAt: hoursAgo(1),
    endsAt: new Date(now.getTime() + 3_600_000),
    softCloseSeconds: SOFT_CLOSE_DEFAULT_SECONDS,
    status: 'open',
    delivery: cleanDelivery(demoDelivery(2)),
  })
  const bid = (user: typeof bob, amount: number, maxAmount?: number) =>
    placeBids(
      db,
      sold,
      [
        {
          user: toPublicUser(user),
          amount,
          maxAmount,
          idempotencyKey: randomUUID(),
          socketId: undefined,
        },
      ],
      currency,
      fees,
    ).then(({ results }) => {
      if (!results[0]?.ok) throw new Error('seed: a demo bid was refused')
    })
  await bid(bob, 6_000, 9_000)
  await bid(alice, 7_000)
  // Its time "runs out": then the scheduler's own close command sells it to Bob.
  await moveDemoLotEnd(db, sold, hoursAgo(0.5))
  const outcome = await closeLot({ db, currency, fees }, sold, now)
  if (outcome !== 'settled') throw new Error(`seed: the demo sale closed as ${outcome}`)
}
