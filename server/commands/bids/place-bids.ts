import { NO_FEES, type FeeRates } from '../../../common/orders/fees.ts'
import type { Database } from '../../db/types.ts'
import { EVENTS, lotChannel } from '../../../common/wire.ts'
import { Publication } from '../../lib/publication.ts'
import { notFound } from '../../lib/problem.ts'
import { bidContext, lockWalletsWithContext, recordBids } from '../../repositories/bids.ts'
import { releaseClaims, type KeyClaim } from '../../repositories/idempotency.ts'
import { lockLot } from '../../repositories/lots.ts'
import { lockWallets, type LockedWallet } from '../../repositories/wallets.ts'
import { bidClaim, bidSlot, type BidRequest, type BidResult } from './bid-types.ts'
import { decideBids } from './decide-bids.ts'

/**
 * Bids on one lot, in ONE transaction, decided one after the other in the order given (that order
 * is their serial order, and their bid ids ascend in it):
 *  1. lock the lot (`select … for update`);
 *  2. lock the wallets of every bidder and of the current leader — the only users whose holds can
 *     change — in user-id order, then claim the bids' idempotency keys (the rule of
 *     server/commands/run-command.ts, inside this statement: lot → wallets → keys), and in the
 *     same statement read clock, balances, holds and new bid ids (read again if a wallet changed
 *     while we waited);
 *  3. decide every bid (`decideBids`, pure);
 *  4. write everything in one statement (with the answers under the claimed keys, and the claims
 *     of refused bids released); commit. The events are returned, to be sent after the commit.
 * One request alone is a batch of one; under load the batcher (bid-batcher.ts) groups the requests
 * waiting for the same lot, so a hot lot costs one transaction per batch instead of one per bid.
 */
export async function placeBids(
  db: Database,
  lotId: string,
  requests: BidRequest[],
  currency: string,
  fees: FeeRates = NO_FEES,
): Promise<{ results: BidResult[]; events: Publication }> {
  return db.transaction(async (tx) => {
    const events = new Publication()
    const lot = await lockLot(tx, lotId)
    if (!lot)
      return { results: requests.map(() => ({ ok: false, error: notFound('Lot') })), events }
    const bidderIds = requests.map((r) => r.user.id)
    const userIds = [...new Set([...bidderIds, ...(lot.leaderId ? [lot.leaderId] : [])])].sort()
    const query = { lotId, sellerId: lot.sellerId, userIds, ids: requests.length * 2 }
    // One claim per (user, key); a second request with the same key in the batch is decided
    // against the first.
    const claims = new Map<string, KeyClaim>()
    for (const r of requests)
      if (!claims.has(bidSlot(r))) claims.set(bidSlot(r), bidClaim(lotId, r))
    // Usually one statement locks the wallets and reads the context; if a wallet changed while we
    // waited for its lock (or a row is missing), read the context again after the locks.
    const first = await lockWalletsWithContext(tx, query, [...claims.values()])
    let wallets: LockedWallet[] = first.wallets
    let ctx = first.ctx
    if (!ctx) {
      if (wallets.length < userIds.length) wallets = [...(await lockWallets(tx, userIds)).values()]
      ctx = await bidContext(tx, query)
    }

    const inputs = { lot, ctx, wallets, requests, currency, fees }
    const decision = decideBids({ ...inputs, claims: first.claims })
    const { write, placed, results } = decision
    if (!placed) {
      await releaseClaims(tx, 'bid', write.released)
      return { results, events }
    }
    const written = await recordBids(tx, write)
    if (written.stored !== write.responses.length || written.freed !== write.released.length) {
      // Impossible while this transaction holds the claims; rolling back keeps the store exact.
      throw new Error('bid idempotency claims changed under their lock')
    }

    // One `bid.placed` per batch: all new rows and the lot as it now stands. A batch of one leaves
    // out its sender's socket (the batcher passes it); a larger batch goes to everyone — a sender
    // sees its own rows again, with a version it already has, which the client ignores.
    events.add({ channel: lotChannel(lotId), name: EVENTS.bidPlaced, data: { lotId, ...placed } })
    events.lotUpdated(placed.lot, false)
    for (const [userId, wallet] of decision.wallets) events.walletUpdated(userId, wallet)
    write.outbid.forEach((o, i) => {
      const n = written.notifications[i]
      if (!n) return
      events.notify(o.userId, {
        id: n.id,
        kind: 'outbid',
        lotId,
        data: o.data,
        readAt: null,
        createdAt: new Date(n.created_at).toISOString(),
      })
    })
    return { results, events }
  })
}
