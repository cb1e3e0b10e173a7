import {
  minNextBid,
  resolveBid,
  type AuctionState,
  type BidRow,
  type LotDetail,
} from '../../../common/auction.ts'
import type { PublicUser } from '../../../common/accounts.ts'
import type { Wallet } from '../../../common/wallet.ts'
import type { Database } from '../../db/types.ts'
import { AppError, notFound } from '../../lib/problem.ts'
import {
  bidContext,
  lockWalletsWithContext,
  recordBids,
  type BidsWrite,
} from '../../repositories/bids.ts'
import { requestHash } from '../../repositories/idempotency.ts'
import { lockLot, toDetail, toSummary, type LotView } from '../../repositories/lots.ts'
import { lockWallets, toWallet } from '../../repositories/wallets.ts'
import { lotChannel, Publication } from '../../lib/publication.ts'

/** `POST /api/lots/:id/bids` → 201 */
export interface BidResponse {
  /** The history rows this bid added (the bidder's, and a proxy bid for the other side). */
  bids: BidRow[]
  lot: LotDetail
  wallet: Wallet
}

export interface BidRequest {
  user: PublicUser
  amount: number
  maxAmount: number | undefined
  idempotencyKey: string
  /** The sender's real-time socket, left out of the events of its own bid. */
  socketId: string | undefined
}

export type BidResult =
  { ok: true; statusCode: number; body: BidResponse } | { ok: false; error: unknown }

/** The same key was used at this moment for a bid on another lot; the batch is retried. */
export class IdempotencyRace extends Error {}

const money = (cents: number) => (cents / 100).toFixed(2)
const reused = () =>
  new AppError(
    422,
    'idempotency_key_reused',
    'This Idempotency-Key was already used for a different bid.',
  )

function refusal(outcome: Exclude<ReturnType<typeof resolveBid>, { ok: true }>): AppError {
  switch (outcome.reason) {
    case 'bid_too_low':
      return new AppError(422, 'bid_too_low', `The minimum bid is ${money(outcome.minNextBid)}.`, {
        amount: `Must be at least ${outcome.minNextBid}.`,
      })
    case 'max_below_amount':
      return new AppError(422, 'max_below_amount', 'Your maximum must be at least your bid.', {
        maxAmount: 'Must be at least the amount.',
      })
    case 'max_not_raised':
      return new AppError(
        422,
        'max_not_raised',
        'You are already leading; a new maximum must be higher than your current one.',
        { maxAmount: 'Must be higher than your current maximum.' },
      )
    default:
      return new AppError(422, 'validation_failed', 'Some fields need attention.', {
        amount: 'Must be a whole number of cents.',
      })
  }
}

/**
 * Bids on one lot, in ONE transaction, decided one after the other in the order given (that order
 * is their serial order, and their bid ids ascend in it):
 *  1. lock the lot (`select … for update`);
 *  2. lock the wallets of every bidder and of the current leader — the only users whose holds can
 *     change — in user-id order, and in the same statement read clock, balances, holds, stored
 *     idempotent responses and new bid ids (read again if a wallet changed while we waited);
 *  3. decide each bid with `resolveBid` (open, not the seller, funds, rules), moving holds and
 *     soft close as it goes; a refused bid changes nothing and does not stop the others;
 *  4. write everything in one statement; commit.
 * One request alone is a batch of one; under load the batcher groups the requests waiting for the
 * same lot, so a hot lot costs one transaction per batch instead of one per bid.
 */
export async function placeBids(
  db: Database,
  lotId: string,
  requests: BidRequest[],
  currency: string,
): Promise<{ results: BidResult[]; publication: Publication }> {
  return db.transaction(async (tx) => {
    const lot = await lockLot(tx, lotId)
    if (!lot)
      return {
        results: requests.map(() => ({ ok: false as const, error: notFound('Lot') })),
        publication: new Publication(),
      }
    const bidderIds = requests.map((r) => r.user.id)
    const userIds = [...new Set([...bidderIds, ...(lot.leader_id ? [lot.leader_id] : [])])].sort()
    const query = {
      lotId,
      sellerId: lot.seller_id,
      userIds,
      keys: requests.map((r) => ({ userId: r.user.id, key: r.idempotencyKey })),
      ids: requests.length * 2,
    }
    // Usually one statement locks the wallets and reads the context; if a wallet changed while we
    // waited for its lock (or a row is missing), read the context again after the locks.
    const first = await lockWalletsWithContext(tx, query)
    let locked: Array<{ userId: string; version: number; alias: string }> = first.wallets
    let ctx = first.ctx
    if (!ctx) {
      if (locked.length < userIds.length) locked = [...(await lockWallets(tx, userIds)).values()]
      ctx = await bidContext(tx, query)
    }
    const wallets = new Map(locked.map((w) => [w.userId, w]))

    const aliases = new Map([...wallets.values()].map((w) => [w.userId, w.alias]))
    for (const r of requests) aliases.set(r.user.id, r.user.alias)
    const funds = new Map([...ctx.funds].map(([id, f]) => [id, { ...f }]))
    const versions = new Map([...wallets.values()].map((w) => [w.userId, w.version]))
    const bumps = new Map<string, number>()
    const bump = (userId: string) => {
      bumps.set(userId, (bumps.get(userId) ?? 0) + 1)
      versions.set(userId, (versions.get(userId) ?? 0) + 1)
    }
    const walletOf = (userId: string): Wallet => {
      const f = funds.get(userId) ?? { balance: 0, held: 0, lotHold: 0 }
      return toWallet(
        { balance: f.balance, held: f.held, version: versions.get(userId) ?? 0 },
        currency,
      )
    }

    let state: AuctionState = {
      startingPrice: lot.starting_price,
      reservePrice: lot.reserve_price,
      currentPrice: lot.current_price,
      leaderId: lot.leader_id,
      leaderMax: lot.leader_max,
      bidCount: lot.bid_count,
    }
    let endsAt = lot.ends_at
    let version = lot.version
    const nextIds = ctx.bidIds.slice()
    const write: BidsWrite = {
      lotId,
      at: ctx.now,
      rows: [],
      lot: { ...state, endsAt, version },
      walletBumps: bumps,
      outbid: [],
      responses: [],
    }
    const results: BidResult[] = []
    const inBatch = new Map<string, { hash: string; result: BidResult }>()
    const publication = new Publication()
    const summaries: Array<ReturnType<typeof toSummary>> = []
    const newRows: BidRow[] = []
    const outbidFor: Array<{ userId: string; data: Record<string, unknown> }> = []

    for (const request of requests) {
      const { user } = request
      const max = request.maxAmount ?? request.amount
      const hash = requestHash(['bid', lotId, request.amount, max])
      const slot = `${user.id} ${request.idempotencyKey}`
      try {
        const earlier = inBatch.get(slot)
        if (earlier) {
          if (earlier.hash !== hash) throw reused()
          if (earlier.result.ok) {
            results.push(earlier.result)
            continue
          }
        }
        const stored = ctx.replays.get(slot)
        if (stored) {
          if (stored.requestHash !== hash) throw reused()
          results.push({
            ok: true,
            statusCode: stored.statusCode,
            body: stored.response as BidResponse,
          })
          continue
        }
        if (lot.status !== 'open' || ctx.now.getTime() >= endsAt.getTime()) {
          throw new AppError(409, 'lot_not_open', 'This lot is not open for bidding.')
        }
        if (lot.seller_id === user.id)
          throw new AppError(403, 'own_lot', 'You cannot bid on your own lot.')
        const outcome = resolveBid(state, {
          bidderId: user.id,
          amount: request.amount,
          maxAmount: max,
          at: ctx.now,
        })
        if (!outcome.ok) throw refusal(outcome)
        const mine = funds.get(user.id) ?? { balance: 0, held: 0, lotHold: 0 }
        const available = mine.balance - mine.held
        if (available + mine.lotHold < max) {
          throw new AppError(
            422,
            'insufficient_funds',
            `Your available balance (${money(available + mine.lotHold)}) does not cover a maximum of ${money(max)}.`,
            { maxAmount: 'More than your available balance.' },
          )
        }

        // Holds: the leader holds their maximum; the outbid leader's hold is released.
        const next = outcome.state
        if (outcome.outbidUserId) {
          const f = funds.get(outcome.outbidUserId)!
          f.held -= f.lotHold
          f.lotHold = 0
          bump(outcome.outbidUserId)
        }
        if (
          next.leaderId &&
          (next.leaderId !== state.leaderId || next.leaderMax !== state.leaderMax)
        ) {
          const f = funds.get(next.leaderId)!
          f.held += next.leaderMax! - f.lotHold
          f.lotHold = next.leaderMax!
          bump(next.leaderId)
        }
        // Soft close: a bid that moves the price or the leader inside the window pushes the end.
        const windowMs = lot.soft_close_seconds * 1000
        if (outcome.changed && endsAt.getTime() - ctx.now.getTime() < windowMs) {
          endsAt = new Date(ctx.now.getTime() + windowMs)
        }
        state = next
        version += 1

        const rows = outcome.records.map((r) => ({
          id: nextIds.shift()!,
          bidderId: r.bidderId,
          amount: r.amount,
          maxAmount: r.maxAmount,
          auto: r.auto,
          key: r.auto ? null : request.idempotencyKey,
          visible: !r.hidden,
        }))
        write.rows.push(...rows)
        const view: LotView = {
          ...lot,
          current_price: state.currentPrice,
          leader_id: state.leaderId,
          leader_max: state.leaderMax,
          bid_count: state.bidCount,
          ends_at: endsAt,
          version,
          seller_alias: ctx.sellerAlias,
          leader_alias: state.leaderId ? (aliases.get(state.leaderId) ?? null) : null,
        }
        const leads = state.leaderId === user.id
        const body: BidResponse = {
          bids: rows
            .filter((r) => r.visible)
            .map((r) => ({
              id: r.id,
              lotId,
              bidder: aliases.get(r.bidderId) ?? '',
              amount: r.amount,
              auto: r.auto,
              createdAt: ctx.now.toISOString(),
            })),
          lot: toDetail(
            view,
            {
              status: leads ? 'leading' : 'outbid',
              maxBid: leads ? state.leaderMax : max,
              watching: ctx.watching.has(user.id),
            },
            ctx.now,
          ),
          wallet: walletOf(user.id),
        }
        const summary = toSummary(view, ctx.now)
        summaries.push(summary)
        newRows.push(...body.bids)
        if (outcome.outbidUserId) {
          const data = {
            title: lot.title,
            price: state.currentPrice,
            minNextBid: minNextBid(state),
          }
          outbidFor.push({ userId: outcome.outbidUserId, data })
        }
        write.responses.push({
          userId: user.id,
          key: request.idempotencyKey,
          requestHash: hash,
          response: body,
        })
        const result: BidResult = { ok: true, statusCode: 201, body }
        inBatch.set(slot, { hash, result })
        results.push(result)
      } catch (error) {
        const result: BidResult = { ok: false, error }
        if (!inBatch.has(slot)) inBatch.set(slot, { hash, result })
        results.push(result)
      }
    }

    if (write.rows.length === 0) return { results, publication }
    write.lot = { ...state, endsAt, version }
    write.outbid = outbidFor
    const written = await recordBids(tx, write)
    if (written.stored !== write.responses.length) throw new IdempotencyRace()

    // One `bid.placed` per batch: all new rows and the lot as it now stands. A batch of one leaves
    // out its sender's socket (the caller passes it); a larger batch goes to everyone — a sender
    // sees its own rows again, with a version it already has, which the client ignores.
    const last = summaries[summaries.length - 1]!
    publication.outbox.add({
      channel: lotChannel(lotId),
      name: 'bid.placed',
      data: { lotId, bids: newRows, lot: last },
    })
    publication.lotUpdated(last, false)
    for (const userId of bumps.keys()) publication.walletUpdated(userId, walletOf(userId))
    outbidFor.forEach((o, i) => {
      const n = written.notifications[i]
      if (!n) return
      publication.notify(o.userId, {
        id: n.id,
        kind: 'outbid',
        lotId,
        data: o.data,
        readAt: null,
        createdAt: new Date(n.created_at).toISOString(),
      })
    })
    return { results, publication }
  })
}

interface Waiting {
  request: BidRequest
  resolve: (result: BidResult) => void
}

/**
 * Groups the bids waiting for the same lot into one transaction (`placeBids`), one batch at a time
 * per lot in this process, decided in ascending amount (ties in arrival order). Other processes are serialized by the lot's row lock, so batching is an
 * optimisation only: the result always equals a serial order. Each request is answered after its
 * events were handed to the broadcaster; the next batch does not wait for that.
 */
export class BidBatcher {
  private readonly queues = new Map<string, Waiting[]>()
  private readonly publishing = new Map<string, Promise<void>>()

  constructor(
    private readonly db: Database,
    private readonly currency: string,
    /** `socketId`: the sender's socket when the batch had one request (else per-event senders). */
    private readonly publish: (
      publication: Publication,
      socketId: string | undefined,
    ) => Promise<void>,
    private readonly maxBatch = 50,
  ) {}

  submit(lotId: string, request: BidRequest): Promise<BidResult> {
    return new Promise((resolve) => {
      const queue = this.queues.get(lotId)
      if (queue) {
        queue.push({ request, resolve })
        return
      }
      this.queues.set(lotId, [{ request, resolve }])
      void this.drain(lotId)
    })
  }

  private async drain(lotId: string) {
    const queue = this.queues.get(lotId)!
    while (queue.length > 0) {
      // Requests waiting together are concurrent: any order is a valid serial order. Ascending
      // amounts (ties keep arrival order) let every bid that is still valid get in, instead of a
      // higher one that overtook it on the way making it "too low".
      const batch = queue
        .splice(0, this.maxBatch)
        .sort((a, b) => a.request.amount - b.request.amount)
      let outcome: Awaited<ReturnType<typeof placeBids>> | undefined
      let failure: unknown
      for (let attempt = 1; attempt <= 3 && !outcome; attempt++) {
        try {
          outcome = await placeBids(
            this.db,
            lotId,
            batch.map((w) => w.request),
            this.currency,
          )
        } catch (error) {
          failure = error
          if (!(error instanceof IdempotencyRace)) break
        }
      }
      if (!outcome) {
        for (const w of batch) w.resolve({ ok: false, error: failure })
        continue
      }
      const { results, publication } = outcome
      // Events of one lot go out in commit order; the answers wait for their own events.
      const previous = this.publishing.get(lotId) ?? Promise.resolve()
      const sole = batch.length === 1 ? batch[0]!.request.socketId : undefined
      const sent = previous.then(() => this.publish(publication, sole)).catch(() => undefined)
      this.publishing.set(lotId, sent)
      void sent.then(() => {
        if (this.publishing.get(lotId) === sent) this.publishing.delete(lotId)
        batch.forEach((w, i) => w.resolve(results[i]!))
      })
    }
    this.queues.delete(lotId)
  }
}
