import type { Database } from '../../db/types.ts'
import { NO_FEES, type FeeRates } from '../../../common/orders/fees.ts'
import type { Broadcaster } from '../../lib/broadcaster.ts'
import type { BidRequest, BidResult } from './bid-types.ts'
import { placeBids } from './place-bids.ts'

interface Waiting {
  request: BidRequest
  resolve: (result: BidResult) => void
}

/**
 * Groups the bids waiting for the same lot into one transaction (`placeBids`), one batch at a time
 * per lot in this process, decided in ascending amount (ties in arrival order). Other processes
 * are serialized by the lot's row lock, so batching is an optimisation only: the result always
 * equals a serial order. It is what keeps a hot lot at hundreds of bids a second (bench/bids.ts).
 * Each request is answered after its events were handed to the broadcaster; the next batch does
 * not wait for that.
 */
export class BidBatcher {
  private readonly queues = new Map<string, Waiting[]>()
  private readonly publishing = new Map<string, Promise<void>>()

  constructor(
    private readonly db: Database,
    private readonly currency: string,
    private readonly broadcaster: Broadcaster,
    /** The deployment's fees: each maximum holds what its bidder would pay (decision 0051). */
    private readonly fees: FeeRates = NO_FEES,
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
      // higher one that overtook it on the way making it "too low". A maximum alone bids the
      // minimum, so it goes first.
      const batch = queue
        .splice(0, this.maxBatch)
        .sort((a, b) => (a.request.amount ?? 0) - (b.request.amount ?? 0))
      let outcome: Awaited<ReturnType<typeof placeBids>>
      try {
        outcome = await placeBids(
          this.db,
          lotId,
          batch.map((w) => w.request),
          this.currency,
          this.fees,
        )
      } catch (error) {
        for (const w of batch) w.resolve({ ok: false, error })
        continue
      }
      const { results, events } = outcome
      // Events of one lot go out in commit order; the answers wait for their own events. A batch
      // of one leaves out its sender's socket; a larger batch goes to every socket.
      const previous = this.publishing.get(lotId) ?? Promise.resolve()
      const sole = batch.length === 1 ? batch[0]!.request.socketId : undefined
      const sent = previous.then(() => events.send(this.broadcaster, sole)).catch(() => undefined)
      this.publishing.set(lotId, sent)
      void sent.then(() => {
        if (this.publishing.get(lotId) === sent) this.publishing.delete(lotId)
        batch.forEach((w, i) => w.resolve(results[i]!))
      })
    }
    this.queues.delete(lotId)
  }
}
