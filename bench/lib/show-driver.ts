/**
 * The writers of bench/show.ts, in their own process: bids on the lot on the block at a fixed
 * rate (each from the next bidder in turn, climbing the price as bench/lib/bid-load.ts does), chat
 * messages at a fixed rate (each from the next chatter: the chat allows 5 messages per 10 s per
 * member), and optionally the host's pause and resume, all through the real HTTP API. Answers
 * are tallied by status and code.
 */
import { randomUUID } from 'node:crypto'
import { incrementFor, MONEY_MAX } from '../../common/auction.ts'
import { IDEMPOTENCY_HEADER } from '../../common/config.ts'
import { httpClient, type HttpResult } from './stack.ts'

export interface DriverPlan {
  baseUrl: string
  seconds: number
  bids: { lotId: string; startingPrice: number; cookies: string[]; rate: number }
  chat?: { showId: string; cookies: string[]; rate: number }
  /** The host pauses and resumes the show at these fractions of the run (show.updated events). */
  host?: { showId: string; cookie: string; at: number[] }
}

export interface DriverResult {
  ok: boolean
  error?: string
  elapsed: number
  /** "what status code": count, e.g. "bid 201": 480. */
  answers: Record<string, number>
  bidMs: number[]
  chatMs: number[]
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function run(plan: DriverPlan): Promise<Omit<DriverResult, 'ok'>> {
  const client = httpClient(plan.baseUrl, 64)
  const answers: Record<string, number> = {}
  const bidMs: number[] = []
  const chatMs: number[] = []
  const tally = (what: string, r: HttpResult) => {
    let code = ''
    if (r.status >= 300) {
      try {
        code = ` ${String((JSON.parse(r.body) as { code?: unknown }).code ?? '')}`
      } catch {
        code = ' unparsed'
      }
    }
    const key = `${what} ${r.status}${code}`
    answers[key] = (answers[key] ?? 0) + 1
  }
  const inflight: Array<Promise<unknown>> = []
  const started = performance.now()
  const end = started + plan.seconds * 1000

  // One increment per bid, as a room's bid bar offers: 20 bids/s for 20 s stay under MONEY_MAX
  // (about 530 increments from 1.00). A bid sent before the one ahead of it was answered may be
  // refused `bid_too_low`, as in a real room.
  let nextAmount = plan.bids.startingPrice
  const bid = async (k: number) => {
    const amount = nextAmount
    if (amount > MONEY_MAX)
      return void (answers['bid not sent: price at the cap'] =
        (answers['bid not sent: price at the cap'] ?? 0) + 1)
    nextAmount += incrementFor(nextAmount)
    const cookie = plan.bids.cookies[k % plan.bids.cookies.length]!
    const r = await client.post(
      `/api/lots/${plan.bids.lotId}/bids`,
      { amount, maxAmount: amount },
      { cookie, [IDEMPOTENCY_HEADER]: randomUUID() },
    )
    tally('bid', r)
    bidMs.push(r.ms)
    try {
      const json = JSON.parse(r.body) as {
        lot?: { minNextBid?: number }
        code?: string
        errors?: { amount?: string }
      }
      if (r.status === 201 && json.lot?.minNextBid) {
        nextAmount = Math.max(nextAmount, json.lot.minNextBid)
      } else if (json.code === 'bid_too_low') {
        const min = Number(/(\d+)/.exec(json.errors?.amount ?? '')?.[1])
        if (min) nextAmount = Math.max(nextAmount, min)
      }
    } catch {
      // tallied as it came
    }
  }
  const chat = async (k: number) => {
    const c = plan.chat!
    const cookie = c.cookies[k % c.cookies.length]!
    const r = await client.post(
      `/api/shows/${c.showId}/chat`,
      { body: `Bench message ${k}` },
      {
        cookie,
      },
    )
    tally('chat', r)
    chatMs.push(r.ms)
  }
  const host = async (i: number) => {
    const h = plan.host!
    const action = i % 2 === 0 ? 'pause' : 'resume'
    tally(
      `host ${action}`,
      await client.post(`/api/shows/${h.showId}/${action}`, {}, { cookie: h.cookie }),
    )
  }

  /** Calls `fire(k)` at start + k / rate until the end, without waiting for the answers. */
  const schedule = async (rate: number, fire: (k: number) => Promise<void>) => {
    for (let k = 0; ; k++) {
      const due = started + (k * 1000) / rate
      if (due >= end) return
      const wait = due - performance.now()
      if (wait > 0) await sleep(wait)
      inflight.push(fire(k))
    }
  }
  const moves = (plan.host?.at ?? []).map(async (fraction, i) => {
    await sleep(fraction * plan.seconds * 1000)
    inflight.push(host(i))
  })
  await Promise.all([
    schedule(plan.bids.rate, bid),
    plan.chat ? schedule(plan.chat.rate, chat) : undefined,
    ...moves,
  ])
  await Promise.all(inflight)
  client.close()
  return { elapsed: (performance.now() - started) / 1000, answers, bidMs, chatMs }
}

process.on('message', (plan: DriverPlan) => {
  run(plan).then(
    (result) => process.send!({ ok: true, ...result }, () => process.exit(0)),
    (error: unknown) => process.send!({ ok: false, error: String(error) }, () => process.exit(1)),
  )
})
