/**
 * The load generator of bench/bids.ts, in its own process so that it does not take CPU from the
 * app under test. Receives the plan over IPC, runs the bidding war, sends back one record per
 * request (the body reduced to its code and a digest for comparing duplicates).
 */
import { createHash, randomUUID } from 'node:crypto'
import { incrementFor, MONEY_MAX } from '../../common/auction.ts'
import { IDEMPOTENCY_HEADER } from '../../common/config.ts'
import type { Problem } from '../../common/errors.ts'
import type { BidResponse } from '../../common/wire.ts'
import { httpClient } from './stack.ts'

export interface LoadPlan {
  baseUrl: string
  cookies: string[]
  lots: string[]
  startingPrice: number
  ceiling: number
  seconds: number
  concurrency: number
}

export interface LoadRecord {
  lotId: string
  bidder: number
  key: string
  amount: number
  maxAmount: number
  status: number
  code: string
  ms: number
  digest: string
  duplicate: boolean
  endedAt: number
}

/** A bid's answer: a `BidResponse` (201) or a problem; empty when the body did not parse. */
type BidAnswer = Partial<BidResponse & Problem>

/** Canonical JSON (sorted keys), so a stored-and-replayed body compares equal to the original. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : 1,
    )
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`
  }
  return JSON.stringify(value)
}

async function run(
  plan: LoadPlan,
): Promise<{ records: LoadRecord[]; elapsed: number; lotsUsed: number }> {
  const client = httpClient(plan.baseUrl, plan.concurrency + 8)
  const records: LoadRecord[] = []
  let lotIndex = 0
  let nextAmount = plan.startingPrice
  let turn = 0
  const learn = (status: number, json: BidAnswer) => {
    if (status === 201 && json.lot) nextAmount = Math.max(nextAmount, json.lot.minNextBid ?? 0)
    else if (json.code === 'bid_too_low') {
      const min = Number(/(\d+)/.exec(json.errors?.amount ?? '')?.[1])
      if (min) nextAmount = Math.max(nextAmount, min)
    }
  }
  const started = performance.now()
  const deadline = started + plan.seconds * 1000
  const worker = async () => {
    while (performance.now() < deadline) {
      if (nextAmount > plan.ceiling) {
        lotIndex += 1
        nextAmount = plan.startingPrice
        if (lotIndex >= plan.lots.length)
          throw new Error('ran out of lots; raise the pre-created count')
      }
      const lotId = plan.lots[lotIndex]!
      const amount = nextAmount
      // Two increments per rung: the rung after a proxy's automatic answer is still valid.
      nextAmount += 2 * incrementFor(nextAmount)
      const bidder = turn++ % plan.cookies.length
      const maxAmount =
        Math.random() < 0.2 ? Math.min(MONEY_MAX, amount + 3 * incrementFor(amount)) : amount
      const key = randomUUID()
      const send = async (duplicate: boolean) => {
        const r = await client.post(
          `/api/lots/${lotId}/bids`,
          { amount, maxAmount },
          { cookie: plan.cookies[bidder]!, [IDEMPOTENCY_HEADER]: key },
        )
        let json: BidAnswer = {}
        try {
          json = JSON.parse(r.body)
        } catch {
          // recorded as unparsed
        }
        // Only answers about the current lot move the ladder (late answers about a finished lot do not).
        if (lotId === plan.lots[lotIndex]) learn(r.status, json)
        records.push({
          lotId,
          bidder,
          key,
          amount,
          maxAmount,
          status: r.status,
          code: r.status === 201 ? '' : String(json.code ?? 'unparsed'),
          ms: r.ms,
          digest: createHash('sha1').update(canonical(json)).digest('hex'),
          duplicate,
          endedAt: performance.now() - started,
        })
      }
      await (Math.random() < 0.03 ? Promise.all([send(false), send(true)]) : send(false))
    }
  }
  await Promise.all(Array.from({ length: plan.concurrency }, worker))
  const elapsed = (performance.now() - started) / 1000
  client.close()
  return { records, elapsed, lotsUsed: lotIndex + 1 }
}

process.on('message', (plan: LoadPlan) => {
  run(plan).then(
    (result) => process.send!({ ok: true, ...result }, () => process.exit(0)),
    (error: unknown) => process.send!({ ok: false, error: String(error) }, () => process.exit(1)),
  )
})
