import {
  coversMaximum,
  holdChanges,
  minNextBid,
  resolveBid,
  softCloseEnd,
  spendableOnLot,
  withLotHold,
  type AuctionState,
  type BidderFunds,
  type BidRow,
  type LotSummary,
} from '../../../common/auction.ts'
import { shippingCharged } from '../../../common/orders/delivery.ts'
import { buyerTotalAt, NO_FEES, type FeeRates } from '../../../common/orders/fees.ts'
import type { Wallet } from '../../../common/wallet.ts'
import type { BidContext, BidsWrite, NewBidRow } from '../../domain/bids.ts'
import type { ClaimOutcome } from '../../domain/idempotency.ts'
import { lotDetail, lotSummary, type LockedLot } from '../../domain/lot.ts'
import { toWallet, type LockedWallet } from '../../domain/wallet.ts'
import {
  bidderBlocked,
  insufficientFunds,
  lotEnded,
  lotNotOpen,
  ownLot,
  refusal,
} from './bid-refusals.ts'
import { BatchKeys } from './batch-keys.ts'
import { lotAfterBid, publicBids } from './bid-answer.ts'
import type { BidRequest, BidResponse, BidResult } from './bid-types.ts'

/** What a batch is decided from: everything read under the lot and wallet locks. */
export interface BidBatchInputs {
  lot: LockedLot
  ctx: BidContext
  wallets: LockedWallet[]
  /** The batch's idempotency claims, by slot (`slotOf`). */
  claims: Map<string, ClaimOutcome>
  requests: BidRequest[]
  currency: string
  /** The deployment's fees: a maximum holds what its bidder would pay at it (decision 0051). */
  fees?: FeeRates | undefined
}

/** The decisions: one answer per request (in order), the write, and what the lot now shows. */
export interface BidBatchDecision {
  results: BidResult[]
  write: BidsWrite
  /** Every history row the batch added, and the lot after the last accepted bid. */
  placed: { bids: BidRow[]; lot: LotSummary } | null
  /** The wallets whose holds changed, as they stand after the batch. */
  wallets: Map<string, Wallet>
}

const NO_FUNDS: BidderFunds = { balance: 0, held: 0, lotHold: 0 }

/**
 * Decides a batch of bids on one lot one after the other, in the order given (their serial order,
 * in which bid ids ascend). Pure: no I/O. Each bid is checked (open, not the seller, the rules of
 * `resolveBid`, funds), then moves holds and soft close; a refused bid changes nothing and does
 * not stop the others. Repeats of a key are answered by `BatchKeys`.
 */
export function decideBids(inputs: BidBatchInputs): BidBatchDecision {
  const { lot, ctx, requests, currency } = inputs
  const shipping = shippingCharged(lot.delivery)
  const fees = inputs.fees ?? NO_FEES
  // A show's queued lot takes absentee bids and maximums like an open lot (docs/product.md "Live
  // shows"); its clock starts only when the host opens it, so no bid moves it before then.
  const queued = lot.status === 'scheduled' && lot.showId !== null
  const holdOf = (max: number) => buyerTotalAt(max, shipping, fees)
  const aliases = new Map(inputs.wallets.map((w) => [w.userId, w.alias]))
  for (const r of requests) aliases.set(r.user.id, r.user.alias)
  const funds = new Map([...ctx.funds].map(([id, f]) => [id, { ...f }]))
  const versions = new Map(inputs.wallets.map((w) => [w.userId, w.version]))
  const bumps = new Map<string, number>()
  const walletOf = (userId: string): Wallet => {
    const f = funds.get(userId) ?? NO_FUNDS
    const pending = ctx.pending.get(userId) ?? 0
    return toWallet({ ...f, pending, version: versions.get(userId) ?? 0 }, currency)
  }
  let state: AuctionState = {
    startingPrice: lot.startingPrice,
    reservePrice: lot.reservePrice,
    currentPrice: lot.currentPrice,
    leaderId: lot.leaderId,
    leaderMax: lot.leaderMax,
    bidCount: lot.bidCount,
  }
  let endsAt = lot.endsAt
  let version = lot.version
  const nextIds = ctx.bidIds.slice()
  const write: BidsWrite = {
    lotId: lot.id,
    at: ctx.now,
    rows: [],
    // Stryker disable next-line ObjectLiteral: equivalent — write.lot is set again after the batch, and nothing reads it before
    lot: { ...state, endsAt, version },
    // Stryker disable next-line all: equivalent — set again after the batch, and nothing reads it before
    leaderHold: null,
    walletBumps: bumps,
    outbid: [],
    responses: [],
    // Stryker disable next-line ArrayDeclaration: equivalent — write.released is set from the keys after the batch, and nothing reads it before
    released: [],
  }
  const results: BidResult[] = []
  const newBids: BidRow[] = []
  let last = null as LotSummary | null

  /** Accepts or refuses one bid against the running state (throws its refusal). */
  function decide(request: BidRequest): BidResult {
    const { user } = request
    // No amount: the minimum next bid against the state this bid lands on (docs/product.md).
    const max = request.maxAmount ?? request.amount ?? minNextBid(state)
    if (!queued) refuseUnlessOpen(lot, endsAt, ctx.now)
    if (lot.sellerId === user.id) throw ownLot()
    if (ctx.blocked.has(user.id)) throw bidderBlocked()
    const outcome = resolveBid(state, {
      bidderId: user.id,
      amount: request.amount,
      maxAmount: max,
      at: ctx.now,
    })
    if (!outcome.ok) throw refusal(outcome, request.amount === undefined ? 'maxAmount' : 'amount')
    const mine = funds.get(user.id) ?? NO_FUNDS
    if (!coversMaximum(mine, holdOf(max))) {
      throw insufficientFunds(spendableOnLot(mine), max, holdOf(max))
    }

    // Holds: the leader holds what they would pay at their maximum; the outbid leader's is released.
    for (const change of holdChanges(state, outcome, holdOf)) {
      funds.set(change.userId, withLotHold(funds.get(change.userId)!, change.lotHold))
      bumps.set(change.userId, (bumps.get(change.userId) ?? 0) + 1)
      versions.set(change.userId, (versions.get(change.userId) ?? 0) + 1)
    }
    if (!queued) endsAt = softCloseEnd(endsAt, ctx.now, lot.softCloseSeconds, outcome.changed)
    state = outcome.state
    version += 1

    const rows: NewBidRow[] = outcome.records.map((r) => ({
      id: nextIds.shift()!,
      bidderId: r.bidderId,
      amount: r.amount,
      maxAmount: r.maxAmount,
      auto: r.auto,
      visible: !r.hidden,
    }))
    write.rows.push(...rows)
    const view = lotAfterBid(lot, { state, endsAt, version }, ctx, aliases)
    const leads = state.leaderId === user.id
    const bids = publicBids(rows, lot.id, aliases, ctx.now)
    const my = {
      status: leads ? ('leading' as const) : ('outbid' as const),
      maxBid: leads ? state.leaderMax : max,
      watching: ctx.watching.has(user.id),
    }
    const body: BidResponse = { bids, lot: lotDetail(view, my, ctx.now), wallet: walletOf(user.id) }
    last = lotSummary(view, ctx.now)
    newBids.push(...bids)
    if (outcome.outbidUserId) {
      const data = { title: lot.title, price: state.currentPrice, minNextBid: minNextBid(state) }
      write.outbid.push({ userId: outcome.outbidUserId, data })
    }
    write.responses.push({ userId: user.id, key: request.idempotencyKey, response: body })
    return { ok: true, statusCode: 201, body }
  }

  const keys = new BatchKeys(lot.id, inputs.claims)
  for (const request of requests) {
    let result: BidResult
    try {
      const replayed = keys.replay(request)
      if (replayed) {
        results.push(replayed)
        continue
      }
      result = decide(request)
    } catch (error) {
      result = { ok: false, error }
    }
    keys.record(request, result)
    results.push(result)
  }
  write.released = keys.released(requests)
  write.lot = { ...state, endsAt, version }
  write.leaderHold = state.leaderMax === null ? null : holdOf(state.leaderMax)
  const placed = last ? { bids: newBids, lot: last } : null
  const wallets = new Map([...bumps.keys()].map((id) => [id, walletOf(id)]))
  return { results, write, placed, wallets }
}

/**
 * A bid on a lot that is not open: `lot_ended` once its end has passed (settled, unsold, or open
 * with its clock run out and not closed yet), else `lot_not_open` (scheduled or cancelled).
 */
function refuseUnlessOpen(lot: LockedLot, endsAt: Date, now: Date): void {
  const over = lot.status === 'settled' || lot.status === 'unsold'
  if (over || (lot.status === 'open' && now.getTime() >= endsAt.getTime())) throw lotEnded()
  if (lot.status !== 'open') throw lotNotOpen()
}
