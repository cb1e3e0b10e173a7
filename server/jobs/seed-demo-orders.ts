/**
 * The demo's orders (issue 29): at least one order in each state, so a newcomer sees them at once.
 * Each is a real sale — a bid, the real close command's settlement — moved on by the real order
 * command as its buyer, seller or the admin would, so the ledger holds exactly what real orders
 * leave. Alice, the account newcomers try first, buys and sells in most states.
 */
import { randomUUID } from 'node:crypto'
import type { LotCategory } from '../../common/auction.ts'
import { SOFT_CLOSE_DEFAULT_SECONDS } from '../../common/auction.ts'
import { cleanDelivery, type LotDeliveryInput } from '../../common/orders/delivery.ts'
import type { FeeRates } from '../../common/orders/fees.ts'
import type { Address } from '../../common/orders/addresses.ts'
import type { OrderMove, OrderState } from '../../common/orders/states.ts'
import { DEFAULT_ORDER_DEADLINES } from '../../common/orders/states.ts'
import { placeBids } from '../commands/bids/place-bids.ts'
import { moveOrder, type MoveDetails, type OrderDeps } from '../commands/orders/move-order.ts'
import { postOrderMessage } from '../commands/orders/order-messages.ts'
import { rateOrder } from '../commands/orders/rate-order.ts'
import { closeLot } from '../commands/settlement/close-lot.ts'
import type { Database } from '../db/types.ts'
import { insertAddress } from '../repositories/addresses.ts'
import { appendLedgerEntry } from '../repositories/ledger.ts'
import { walletOf } from '../repositories/wallets.ts'
import { insertLot } from '../repositories/lots.ts'
import { moveDemoLotEnd } from '../repositories/lots/demo.ts'
import { findUserByEmail, toPublicUser, type UserWithHash } from '../repositories/users.ts'
import { DEMO_STARTING_CREDIT } from './demo-credit.ts'

type Person = 'alice' | 'bob' | 'carol'

/** One address each, the default of their book: what a won lot ships to. */
const ADDRESSES: Record<Person, Omit<Address, 'id' | 'line2' | 'isDefault' | 'createdAt'>> = {
  alice: {
    name: 'Alice Demo',
    line1: 'Calle de Alcalá 42, 3º B',
    town: 'Madrid',
    postalCode: '28014',
    country: 'ES',
    phone: '+34 600 000 001',
  },
  bob: {
    name: 'Bob Demo',
    line1: 'Avenida de la Constitución 7',
    town: 'Sevilla',
    postalCode: '41004',
    country: 'ES',
    phone: '+34 600 000 002',
  },
  carol: {
    name: 'Carol Demo',
    line1: 'Carrer de Mallorca 210',
    town: 'Barcelona',
    postalCode: '08036',
    country: 'ES',
    phone: '+34 600 000 003',
  },
}

/** A move: the buyer's address, receipt or problem, the seller's shipment, the admin's refund. */
type Step = 'address' | 'ship' | 'message' | 'receive' | 'rate' | 'problem' | 'refund'
type MoveStep = Exclude<Step, 'message' | 'rate'>

interface DemoSale {
  title: string
  category: LotCategory
  seller: Person
  buyer: Person
  price: number
  delivery: LotDeliveryInput
  steps: readonly Step[]
  /** Where the steps leave it: checked, so a change in the move rules cannot go unnoticed. */
  state: OrderState
}

const SHIPPED = { shipping: { cost: 650 } }
const PICKUP = { pickup: { town: 'Madrid' } }

export const DEMO_SALES: readonly DemoSale[] = [
  {
    title: 'Set of four Duralex tumblers',
    category: 'home',
    seller: 'bob',
    buyer: 'alice',
    price: 1_500,
    delivery: SHIPPED,
    steps: [],
    state: 'awaiting_address',
  },
  {
    title: 'Olivetti Lettera 32 typewriter',
    category: 'collectibles',
    seller: 'alice',
    buyer: 'bob',
    price: 5_000,
    delivery: SHIPPED,
    steps: ['address'],
    state: 'awaiting_shipment',
  },
  {
    title: 'Vinyl LP: Kind of Blue, 1959 pressing',
    category: 'music',
    seller: 'carol',
    buyer: 'alice',
    price: 4_000,
    delivery: SHIPPED,
    steps: ['address', 'ship', 'message'],
    state: 'shipped',
  },
  {
    title: 'Bentwood rocking chair',
    category: 'furniture',
    seller: 'alice',
    buyer: 'carol',
    price: 7_000,
    delivery: PICKUP,
    steps: [],
    state: 'awaiting_pickup',
  },
  {
    title: 'Leather satchel, hand-stitched',
    category: 'fashion',
    seller: 'alice',
    buyer: 'bob',
    price: 3_000,
    delivery: SHIPPED,
    steps: ['address', 'ship', 'receive', 'rate'],
    state: 'completed',
  },
  {
    title: 'Enamel coffee pot, 1960s',
    category: 'home',
    seller: 'carol',
    buyer: 'alice',
    price: 2_000,
    delivery: PICKUP,
    steps: ['problem'],
    state: 'problem',
  },
  {
    title: 'Watercolour of the Alhambra, framed',
    category: 'art',
    seller: 'alice',
    buyer: 'bob',
    price: 6_000,
    delivery: SHIPPED,
    steps: ['address', 'ship', 'problem', 'refund'],
    state: 'refunded',
  },
]

interface SeedDeps {
  db: Database
  currency: string
  fees: FeeRates
}

/** Addresses for the demo members, then the demo sales and their moves; after the seed's commit. */
export async function seedDemoOrders(deps: SeedDeps): Promise<void> {
  const people = await demoPeople(deps.db)
  const addressIds = {} as Record<Person, string>
  for (const person of Object.keys(ADDRESSES) as Person[]) {
    const address = { ...ADDRESSES[person], line2: null, isDefault: true }
    addressIds[person] = (await insertAddress(deps.db, people[person].id, address)).id
  }
  const now = new Date()
  for (const [index, sale] of DEMO_SALES.entries()) {
    const orderId = await sell(deps, people, sale, new Date(now.getTime() - (index + 1) * 60_000))
    const addressId = addressIds[sale.buyer]
    for (const step of sale.steps) await take(deps, { ...people, addressId }, sale, orderId, step)
    const { rows } = await deps.db.query<{ state: string }>(
      'select state from orders where id = $1',
      [orderId],
    )
    if (rows[0]?.state !== sale.state) {
      throw new Error(`seed: "${sale.title}" ended as ${rows[0]?.state}, not ${sale.state}`)
    }
  }
  await restoreStartingCredit(deps, people)
}

/**
 * Each demo member still has their starting credit to bid with after their demo purchases: a
 * demo credit entry makes up the difference, so a newcomer's first bid is not limited by history
 * they did not make (and the wallet reads as the docs say).
 */
async function restoreStartingCredit(deps: SeedDeps, people: People) {
  for (const person of Object.keys(ADDRESSES) as Person[]) {
    const { id } = people[person]
    const { available } = await walletOf(deps.db, id, deps.currency)
    const amount = DEMO_STARTING_CREDIT - available
    if (amount === 0) continue
    await appendLedgerEntry(deps.db, {
      userId: id,
      kind: 'demo_credit',
      amount,
      reason: 'Demo purchases covered (demo data)',
      createdBy: people.admin.id,
    })
  }
}

type People = Record<Person | 'admin', UserWithHash>

async function demoPeople(db: Database): Promise<People> {
  const found = async (email: string) => {
    const user = await findUserByEmail(db, email)
    if (!user) throw new Error(`seed: ${email} is missing`)
    return user
  }
  return {
    admin: await found('admin@lotline.test'),
    alice: await found('alice@lotline.test'),
    bob: await found('bob@lotline.test'),
    carol: await found('carol@lotline.test'),
  }
}

/** The sale: the lot listed, the buyer's bid, its time run out, the real close. The order's id. */
async function sell(deps: SeedDeps, people: People, sale: DemoSale, endedAt: Date) {
  const { db, currency, fees } = deps
  const seller = people[sale.seller]
  const lotId = await insertLot(db, {
    sellerId: seller.id,
    title: sale.title,
    category: sale.category,
    description: `${sale.title}. Demo lot listed by ${seller.name}; sold to ${people[sale.buyer].name}.`,
    startingPrice: sale.price,
    reservePrice: null,
    startsAt: new Date(endedAt.getTime() - 3_600_000),
    endsAt: new Date(Date.now() + 3_600_000),
    softCloseSeconds: SOFT_CLOSE_DEFAULT_SECONDS,
    status: 'open',
    delivery: cleanDelivery(sale.delivery),
  })
  const bid = {
    user: toPublicUser(people[sale.buyer]),
    amount: sale.price,
    maxAmount: undefined,
    idempotencyKey: randomUUID(),
    socketId: undefined,
  }
  const { results } = await placeBids(db, lotId, [bid], currency, fees)
  if (!results[0]?.ok) throw new Error(`seed: the bid on "${sale.title}" was refused`)
  await moveDemoLotEnd(db, lotId, endedAt)
  const outcome = await closeLot({ db, currency, fees }, lotId)
  if (outcome !== 'settled') throw new Error(`seed: "${sale.title}" closed as ${outcome}`)
  const { rows } = await db.query<{ id: string }>('select id from orders where lot_id = $1', [
    lotId,
  ])
  return rows[0]!.id
}

const CARRIER = { carrier: 'Correos', trackingNumber: 'PK-DEMO-0001' }

/** One move, by whoever makes it, through the order command (an Idempotency-Key each). */
async function take(
  deps: SeedDeps,
  people: People & { addressId: string },
  sale: DemoSale,
  orderId: string,
  step: Step,
) {
  const orderDeps: OrderDeps = { ...deps, deadlines: DEFAULT_ORDER_DEADLINES }
  const buyer = people[sale.buyer]
  const moves: Record<MoveStep, { by: UserWithHash; move: OrderMove; details?: MoveDetails }> = {
    address: {
      by: buyer,
      move: { type: 'choose_address' },
      details: { addressId: people.addressId },
    },
    ship: { by: people[sale.seller], move: { type: 'ship' }, details: { shipment: CARRIER } },
    receive: { by: buyer, move: { type: 'confirm_receipt' } },
    problem: { by: buyer, move: { type: 'open_problem' } },
    refund: {
      by: people.admin,
      move: { type: 'resolve', outcome: 'refund' },
      details: { resolution: { reason: 'Arrived broken (demo data)' } },
    },
  }
  if (step === 'message') return demoMessage(deps.db, orderId, people[sale.seller])
  if (step === 'rate') return demoRatings(deps.db, orderId, buyer, people[sale.seller])
  const { by, move, details } = moves[step as MoveStep]
  const user = { id: by.id, role: by.role }
  await moveOrder(orderDeps, { orderId, user, move, key: randomUUID(), ...details })
}

/** The seller of a sent demo lot says when it left, so a newcomer finds a thread with a message. */
async function demoMessage(db: Database, orderId: string, seller: UserWithHash) {
  const body = 'Posted this morning with Correos, well wrapped. Tracking is on the order.'
  await postOrderMessage(db, {
    orderId,
    user: { id: seller.id, role: seller.role },
    body,
    key: randomUUID(),
  })
}

/** Both sides of a completed demo sale rate each other, so the seller's profile has a rating. */
async function demoRatings(
  db: Database,
  orderId: string,
  buyer: UserWithHash,
  seller: UserWithHash,
) {
  const now = new Date()
  const rate = (by: UserWithHash, comment: string) =>
    rateOrder(
      db,
      { orderId, user: { id: by.id, role: by.role }, rating: { score: 'positive', comment } },
      now,
    )
  await rate(buyer, 'Exactly as described and carefully packed. Thank you!')
  await rate(seller, 'Quick to choose the address, a pleasure to sell to.')
}
