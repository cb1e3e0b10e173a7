import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { Role } from '../../common/accounts.ts'
import type { Config } from '../../server/config.ts'
import type { Queryable } from '../../server/db/types.ts'
import { Broadcaster, type BroadcastEvent } from '../../server/lib/broadcaster.ts'
import { hashSessionToken, newSessionToken } from '../../server/lib/tokens.ts'
import { appendLedgerEntry } from '../../server/repositories/ledger.ts'
import { insertSession } from '../../server/repositories/sessions.ts'
import { insertUser } from '../../server/repositories/users.ts'
import { browser, uniqueEmail } from './helpers.ts'

/** Records what the API would publish, instead of sending it anywhere. */
export class RecordingBroadcaster extends Broadcaster {
  readonly events: Array<BroadcastEvent & { socketId: string | undefined }> = []
  readonly userEvents: Array<{ userId: string; event: string; data: unknown }> = []

  override async publish(events: BroadcastEvent[], socketId?: string) {
    for (const e of events) this.events.push({ ...e, socketId })
  }
  override async sendToUser(userId: string, event: string, data: unknown) {
    this.userEvents.push({ userId, event, data })
  }
  override async terminateUserConnections(_userId: string) {}

  clear() {
    this.events.length = 0
    this.userEvents.length = 0
  }
  named(name: string) {
    return this.events.filter((e) => e.name === name)
  }
}

export interface Member {
  id: string
  alias: string
  /** The display name the other side of a sale sees. */
  name: string
  b: ReturnType<typeof browser>
}

/**
 * A signed-in member without the cost of scrypt: the user row and a session are inserted
 * directly; `credit` cents arrive as an `adjustment` ledger entry.
 */
export async function member(
  app: FastifyInstance,
  db: Queryable,
  config: Config,
  options: { credit?: number; role?: Role; name?: string } = {},
): Promise<Member> {
  const user = await insertUser(db, {
    name: options.name ?? 'Member',
    email: uniqueEmail('m'),
    passwordHash: 'not-a-real-hash',
    role: options.role ?? 'member',
    // Inserted directly like the rest of the member: a verified address (decision 0054).
    verified: true,
  })
  if (!user) throw new Error('could not create member')
  if (options.credit) {
    await appendLedgerEntry(db, {
      userId: user.id,
      kind: 'adjustment',
      amount: options.credit,
      reason: 'test',
    })
  }
  const token = newSessionToken()
  await insertSession(db, hashSessionToken(token, config.sessionSecret), user.id)
  const b = browser(app)
  b.cookie = `lotline_session=${token}`
  return { id: user.id, alias: user.alias, name: user.name, b }
}

/** An open lot inserted directly, ending in `endsInSeconds`. */
export async function openLot(
  db: Queryable,
  sellerId: string,
  options: {
    startingPrice?: number
    reservePrice?: number | null
    endsInSeconds?: number
    softCloseSeconds?: number
    title?: string
  } = {},
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into lots (seller_id, title, description, starting_price, reserve_price, starts_at,
                       ends_at, soft_close_seconds, status)
     values ($1, $2, 'A test lot', $3, $4, now() - interval '1 minute',
             now() + make_interval(secs => $5), $6, 'open') returning id`,
    [
      sellerId,
      options.title ?? 'Test lot',
      options.startingPrice ?? 1_000,
      options.reservePrice ?? null,
      options.endsInSeconds ?? 3_600,
      options.softCloseSeconds ?? 60,
    ],
  )
  return rows[0]!.id
}

export function bid(
  m: Member,
  lotId: string,
  body: { amount?: unknown; maxAmount?: unknown },
  key: string | null = randomUUID(),
) {
  return m.b.request({
    method: 'POST',
    url: `/api/lots/${lotId}/bids`,
    headers: key === null ? {} : { 'idempotency-key': key },
    payload: body,
  })
}

/** The one shared money check (tests/server/invariants/money.ts). */
export { expectMoneyInvariants } from './invariants/money.ts'
