import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'

/** One HTTP exchange as a bidder saw it. */
export interface Answer {
  status: number
  contentType: string
  retryAfter: string | undefined
  body: unknown
}

/** Sends one request (in-process inject or real HTTP); a network failure resolves to undefined. */
export type Send = (request: {
  method: 'GET' | 'POST'
  url: string
  key?: string
  payload?: unknown
}) => Promise<Answer | undefined>

export interface BidLog {
  /** Idempotency-Key → the 201 body, for every bid the API accepted. */
  accepted: Map<string, { bids: Array<{ id: number }>; lot: { id: string } }>
  /** Idempotency-Key → what was sent, to send it again. */
  sent: Map<string, { url: string; payload: { amount: number; maxAmount: number } }>
  /** Every 503 answer, to check its shape. */
  unavailable: Answer[]
  /** Requests that got no answer at all (the server was gone), by key. */
  unanswered: Set<string>
  /** Anything else that is not a normal auction answer (a 500, a bad shape): a failure. */
  unexpected: Array<{ key: string; answer: Answer | undefined }>
  /** Time of every 2xx, to see when the API came back. */
  acceptedAt: number[]
}

export function newBidLog(): BidLog {
  return {
    accepted: new Map(),
    sent: new Map(),
    unavailable: [],
    unanswered: new Set(),
    unexpected: [],
    acceptedAt: [],
  }
}

/** Answers a bidder expects in a busy auction: someone got there first, or I already lead. */
const NORMAL_REFUSALS = new Set(['bid_too_low', 'max_not_raised'])

/**
 * One member bidding as fast as the API answers, the way the app does: every bid carries its own
 * Idempotency-Key, and a bid that got a 503 or no answer is sent again with the same key (the
 * offline queue's replay) until it gets a real answer — so when `shouldStop` turns true the loop
 * ends with no bid in doubt, unless `abort` says the test is over.
 */
export async function bidUntil(
  send: Send,
  lotId: string,
  log: BidLog,
  shouldStop: () => boolean,
  options: {
    retryDelayMs?: number
    /** Stop at once, even with a bid in doubt (the test is being torn down). */
    abort?: () => boolean
  } = {},
): Promise<void> {
  let next: number | undefined
  const refresh = async () => {
    const answer = await send({ method: 'GET', url: `/api/lots/${lotId}` })
    if (answer?.status === 200) {
      next = (answer.body as { minNextBid: number }).minNextBid
      return
    }
    if (answer?.status === 503) log.unavailable.push(answer)
    else if (answer) log.unexpected.push({ key: 'GET lot', answer })
    else if (options.abort?.()) return
    await sleep(options.retryDelayMs ?? 100)
  }
  while (!shouldStop()) {
    if (next === undefined) {
      await refresh()
      continue
    }
    const key = randomUUID()
    const payload = { amount: next, maxAmount: next }
    log.sent.set(key, { url: `/api/lots/${lotId}/bids`, payload })
    for (;;) {
      const answer = await send({ method: 'POST', url: `/api/lots/${lotId}/bids`, key, payload })
      if (!answer) {
        log.unanswered.add(key)
        if (options.abort?.()) return
        await sleep(options.retryDelayMs ?? 100)
        continue
      }
      log.unanswered.delete(key)
      if (answer.status === 503) {
        log.unavailable.push(answer)
        if (options.abort?.()) return
        await sleep(options.retryDelayMs ?? 100)
        continue
      }
      if (answer.status === 201) {
        const body = answer.body as { lot: { id: string; minNextBid: number }; bids: [] }
        log.accepted.set(key, body)
        log.acceptedAt.push(Date.now())
        next = body.lot.minNextBid
      } else {
        const code = (answer.body as { code?: string } | undefined)?.code
        if (answer.status !== 422 || !code || !NORMAL_REFUSALS.has(code))
          log.unexpected.push({ key, answer })
        next = undefined
      }
      break
    }
  }
}
