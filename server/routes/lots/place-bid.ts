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
import { bidContext, recordBid } from '../../repositories/bids.ts'
import { requestHash } from '../../repositories/idempotency.ts'
import { lockLot, toDetail, toSummary, type LotView } from '../../repositories/lots.ts'
import { lockWallets, toWallet } from '../../repositories/wallets.ts'
import { lotChannel, Publication } from './events.ts'

/** `POST /api/lots/:id/bids` → 201 */
export interface BidResponse {
  /** The history rows this bid added (the bidder's, and a proxy bid for the other side). */
  bids: BidRow[]
  lot: LotDetail
  wallet: Wallet
}

export interface PlaceBidResult {
  statusCode: number
  body: BidResponse
  /** Null for a replayed response: its events went out the first time. */
  publication: Publication | null
}

type Stored = Omit<BidResponse, 'bids'> & { bids: Array<Omit<BidRow, 'id'>>; bidIds?: number[] }

/** The stored response gets the bid ids the database assigned (see `recordBid`). */
function hydrate(stored: Stored, bidIds: number[]): BidResponse {
  const { bidIds: _ids, ...rest } = stored
  return { ...rest, bids: stored.bids.map((b, i) => ({ ...b, id: bidIds[i]! })) }
}

const money = (cents: number) => (cents / 100).toFixed(2)

/**
 * One bid, in one transaction: lock the lot, lock the wallets of the bidder and the current leader
 * (in user-id order), read balances after the locks, decide with `resolveBid`, then write it all in
 * one statement. Events are returned to be published after the commit.
 */
export async function placeBid(
  db: Database,
  input: {
    lotId: string
    user: PublicUser
    amount: number
    maxAmount: number | undefined
    idempotencyKey: string
    currency: string
  },
): Promise<PlaceBidResult> {
  const { lotId, user, amount, idempotencyKey } = input
  const max = input.maxAmount ?? amount
  const hash = requestHash(['bid', lotId, amount, max])

  return db.transaction(async (tx) => {
    const lot = await lockLot(tx, lotId)
    if (!lot) throw notFound('Lot')
    const userIds =
      lot.leader_id && lot.leader_id !== user.id ? [user.id, lot.leader_id] : [user.id]
    const wallets = await lockWallets(tx, userIds)
    const ctx = await bidContext(tx, {
      lotId,
      sellerId: lot.seller_id,
      bidderId: user.id,
      userIds,
      key: idempotencyKey,
    })

    if (ctx.replay) {
      if (ctx.replay.requestHash !== hash) {
        throw new AppError(
          422,
          'idempotency_key_reused',
          'This Idempotency-Key was already used for a different bid.',
        )
      }
      const stored = ctx.replay.response as Stored
      return {
        statusCode: ctx.replay.statusCode,
        body: hydrate(stored, stored.bidIds ?? []),
        publication: null,
      }
    }

    if (lot.status !== 'open' || ctx.now.getTime() >= lot.ends_at.getTime()) {
      throw new AppError(409, 'lot_not_open', 'This lot is not open for bidding.')
    }
    if (lot.seller_id === user.id) {
      throw new AppError(403, 'own_lot', 'You cannot bid on your own lot.')
    }

    const state: AuctionState = {
      startingPrice: lot.starting_price,
      reservePrice: lot.reserve_price,
      currentPrice: lot.current_price,
      leaderId: lot.leader_id,
      leaderMax: lot.leader_max,
      bidCount: lot.bid_count,
    }
    const outcome = resolveBid(state, { bidderId: user.id, amount, maxAmount: max, at: ctx.now })
    if (!outcome.ok) {
      switch (outcome.reason) {
        case 'bid_too_low':
          throw new AppError(
            422,
            'bid_too_low',
            `The minimum bid is ${money(outcome.minNextBid)}.`,
            {
              amount: `Must be at least ${outcome.minNextBid}.`,
            },
          )
        case 'max_below_amount':
          throw new AppError(422, 'max_below_amount', 'Your maximum must be at least your bid.', {
            maxAmount: 'Must be at least the amount.',
          })
        case 'max_not_raised':
          throw new AppError(
            422,
            'max_not_raised',
            'You are already leading; a new maximum must be higher than your current one.',
            { maxAmount: 'Must be higher than your current maximum.' },
          )
        default:
          throw new AppError(422, 'validation_failed', 'Some fields need attention.', {
            amount: 'Must be a whole number of cents.',
          })
      }
    }

    const funds = ctx.funds.get(user.id) ?? { balance: 0, held: 0, lotHold: 0 }
    const available = funds.balance - funds.held
    if (available + funds.lotHold < max) {
      throw new AppError(
        422,
        'insufficient_funds',
        `Your available balance (${money(available + funds.lotHold)}) does not cover a maximum of ${money(max)}.`,
        { maxAmount: 'More than your available balance.' },
      )
    }

    // Holds: the leader holds their maximum; the outbid leader's hold is released.
    const next = outcome.state
    const outbid = outcome.outbidUserId
    const holdChanged = next.leaderId !== state.leaderId || next.leaderMax !== state.leaderMax
    const hold =
      holdChanged && next.leaderId ? { userId: next.leaderId, amount: next.leaderMax! } : null
    const walletsChanged = [
      ...new Set([...(outbid ? [outbid] : []), ...(hold ? [hold.userId] : [])]),
    ]

    // Soft close: a bid that moves the price or the leader inside the window pushes the end.
    const windowMs = lot.soft_close_seconds * 1000
    const endsAt =
      outcome.changed && lot.ends_at.getTime() - ctx.now.getTime() < windowMs
        ? new Date(ctx.now.getTime() + windowMs)
        : lot.ends_at

    const aliasOf = (id: string) => (id === user.id ? user.alias : (wallets.get(id)?.alias ?? ''))
    const view: LotView = {
      ...lot,
      current_price: next.currentPrice,
      leader_id: next.leaderId,
      leader_max: next.leaderMax,
      bid_count: next.bidCount,
      ends_at: endsAt,
      version: lot.version + 1,
      seller_alias: ctx.sellerAlias,
      leader_alias: next.leaderId ? aliasOf(next.leaderId) : null,
    }
    const walletAfter = (userId: string): Wallet => {
      const f = ctx.funds.get(userId) ?? { balance: 0, held: 0, lotHold: 0 }
      const newHold = next.leaderId === userId ? next.leaderMax! : 0
      const locked = wallets.get(userId)?.version ?? 0
      return toWallet(
        {
          balance: f.balance,
          held: f.held - f.lotHold + newHold,
          version: walletsChanged.includes(userId) ? locked + 1 : locked,
        },
        input.currency,
      )
    }
    const leads = next.leaderId === user.id
    const stored: Stored = {
      bids: outcome.records.map((r) => ({
        lotId,
        bidder: aliasOf(r.bidderId),
        amount: r.amount,
        auto: r.auto,
        createdAt: ctx.now.toISOString(),
      })),
      lot: toDetail(
        view,
        {
          status: leads ? 'leading' : 'outbid',
          maxBid: leads ? next.leaderMax : max,
          watching: ctx.watching,
        },
        ctx.now,
      ),
      wallet: walletAfter(user.id),
    }

    const written = await recordBid(tx, {
      lotId,
      records: outcome.records,
      idempotencyKey,
      at: ctx.now,
      lot: {
        currentPrice: next.currentPrice,
        leaderId: next.leaderId,
        leaderMax: next.leaderMax,
        bidCount: next.bidCount,
        endsAt,
      },
      releaseHoldOf: outbid,
      hold,
      walletsChanged,
      outbid: outbid
        ? {
            userId: outbid,
            data: {
              title: lot.title,
              price: next.currentPrice,
              minNextBid: minNextBid(next),
            },
          }
        : null,
      idempotency: { userId: user.id, key: idempotencyKey, requestHash: hash, response: stored },
    })
    if (!written.stored) {
      // The same key is being used at this moment for a bid on another lot.
      throw new AppError(
        422,
        'idempotency_key_reused',
        'This Idempotency-Key was already used for a different bid.',
      )
    }

    const body = hydrate(stored, written.bidIds)
    const summary = toSummary(view, ctx.now)
    const publication = new Publication()
    publication.outbox.add({
      channel: lotChannel(lotId),
      name: 'bid.placed',
      data: { lotId, bids: body.bids, lot: summary },
    })
    publication.lotUpdated(summary, false)
    for (const userId of walletsChanged) publication.walletUpdated(userId, walletAfter(userId))
    if (outbid && written.notification) {
      publication.notify(outbid, {
        id: written.notification.id,
        kind: 'outbid',
        lotId,
        data: { title: lot.title, price: next.currentPrice, minNextBid: minNextBid(next) },
        readAt: null,
        createdAt: new Date(written.notification.created_at).toISOString(),
      })
    }
    return { statusCode: 201, body, publication }
  })
}
