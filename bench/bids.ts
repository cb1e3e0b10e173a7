/**
 * Bids on one hot lot over HTTP, on the real PostgreSQL (docs/product.md §8:
 * ≥ 500 accepted/s, zero anomalies).
 *
 *   npx tsx bench/bids.ts [--seconds 15] [--concurrency 32] [--bidders 50] [--pool 40] [--runs 3] [--write]
 *
 * Starts the real app (buildApp + listen on a free loopback port) with the embedded real-time
 * service on another free port, in a fresh database `lotline_bench_*` that it drops at the end.
 * Load model: a bidding war — `concurrency` requests always in flight, each from the next bidder in
 * turn, each bidding the next rung of a ladder of two increments per rung (20% with a proxy maximum three
 * increments higher, 3% sent twice at once with the same Idempotency-Key). Requests that lose the
 * race are refused `bid_too_low` and counted. When the price nears the money cap the war moves to a
 * fresh lot (still one hot lot at a time).
 * Anomaly check: for every lot, the accepted requests replayed in bid-id order through
 * `resolveBid` must reproduce the recorded history, price, leader, maximum and holds; every
 * accepted request appears once; duplicates got the same answer; available ≥ 0 for everyone.
 */
import { fork } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { MONEY_MAX, resolveBid, type AuctionState } from '../common/auction.ts'
import type { LoadPlan, LoadRecord } from './lib/bid-load.ts'
import {
  fundMembers,
  insertOpenLot,
  machine,
  percentile,
  postgresVersion,
  startStack,
  writeSection,
} from './lib/stack.ts'
import { flag, numberArg } from './lib/args.ts'
import { bidAnswers } from '../tests/server/invariants/auction.ts'

const SECONDS = numberArg('seconds', 15, 120)
const CONCURRENCY = numberArg('concurrency', 32, 256)
const BIDDERS = numberArg('bidders', 50, 1_000)
const POOL = numberArg('pool', 40, 90)
const RUNS = numberArg('runs', 3, 10)
const WRITE = flag('write')
const STARTING_PRICE = 100
/** docs/product.md §8. */
const BUDGET_PER_SECOND = 500
const LOT_CEILING = MONEY_MAX - 10 * 2_500
const LOTS = 400

interface RunResult {
  rate: number
  anomalies: string[]
  rows: Array<[string, string]>
  pg: string
}

async function runOnce(): Promise<RunResult> {
  const stack = await startStack({ poolSize: POOL })
  try {
    const [seller, ...bidders] = await fundMembers(stack, BIDDERS + 1, 100_000_000)
    // One hot lot at a time; the war moves to the next when the price nears the money cap.
    const lots: string[] = []
    for (let i = 0; i < LOTS; i++)
      lots.push(await insertOpenLot(stack.db, seller!.id, STARTING_PRICE))
    const plan: LoadPlan = {
      baseUrl: stack.baseUrl,
      cookies: bidders.map((b) => b.cookie),
      lots,
      startingPrice: STARTING_PRICE,
      ceiling: LOT_CEILING,
      seconds: SECONDS,
      concurrency: CONCURRENCY,
    }
    const child = fork(fileURLToPath(new URL('./lib/bid-load.ts', import.meta.url)), [], {
      execArgv: ['--import', 'tsx'],
    })
    const result = await new Promise<{
      ok: boolean
      records: LoadRecord[]
      elapsed: number
      lotsUsed: number
      error?: string
    }>((resolve, reject) => {
      child.once('message', (m) => resolve(m as never))
      child.once(
        'exit',
        (code) => code !== 0 && reject(new Error(`load generator exited with ${code}`)),
      )
      child.send(plan)
    })
    if (!result.ok) throw new Error(result.error)
    const { elapsed } = result
    const sent = result.records.map((r) => ({ ...r, bidder: bidders[r.bidder]! }))

    // ── Anomaly check ────────────────────────────────────────────────────────────────────────
    const anomalies: string[] = []
    const firstByKey = new Map<string, (typeof sent)[number]>()
    for (const s of sent) {
      if (s.status >= 500 || s.status === 0)
        anomalies.push(`HTTP ${s.status} ${s.code} for ${s.key}`)
      const first = firstByKey.get(s.key)
      if (!first) firstByKey.set(s.key, s)
      else if (first.status === 201 && s.status === 201 && first.digest !== s.digest) {
        anomalies.push(`retry of ${s.key} answered differently`)
      }
    }
    const acceptedKeys = new Set(sent.filter((s) => s.status === 201).map((s) => s.key))
    // Each request's own bid row (not a proxy's), named by the answer stored under its key.
    const answers = (await bidAnswers(stack.db)).filter((a) => a.placed)
    const keyOfBid = new Map(answers.map((a) => [a.placed!.id, a.key]))
    for (const id of lots.slice(0, result.lotsUsed)) {
      const { rows: history } = await stack.db.query<{
        id: number
        bidder_id: string
        amount: number
        auto: boolean
      }>('select id, bidder_id, amount, auto from bids where lot_id = $1 order by id', [id])
      let state: AuctionState = {
        startingPrice: STARTING_PRICE,
        reservePrice: null,
        currentPrice: null,
        leaderId: null,
        leaderMax: null,
        bidCount: 0,
      }
      const replayed: string[] = []
      const seen = new Set<string>()
      for (const row of history.filter((r) => !r.auto)) {
        const key = keyOfBid.get(Number(row.id))
        if (key === undefined) {
          anomalies.push(`bid ${row.id} recorded without a stored answer`)
          continue
        }
        if (seen.has(key)) anomalies.push(`bid ${key} recorded twice`)
        seen.add(key)
        if (!acceptedKeys.has(key)) anomalies.push(`bid ${key} recorded but not accepted`)
        const s = firstByKey.get(key)!
        const outcome = resolveBid(state, {
          bidderId: s.bidder.id,
          amount: s.amount,
          maxAmount: s.maxAmount,
          at: new Date(),
        })
        if (!outcome.ok) {
          anomalies.push(`bid ${key} would be refused in serial order (${outcome.reason})`)
          continue
        }
        state = outcome.state
        for (const r of outcome.records) replayed.push(`${r.bidderId}:${r.amount}:${r.auto}`)
      }
      const recorded = history.map((r) => `${r.bidder_id}:${r.amount}:${r.auto}`)
      if (recorded.join() !== replayed.join())
        anomalies.push(`lot ${id}: history differs from the serial replay`)
      const { rows: lot } = await stack.db.query<{
        current_price: number | null
        leader_id: string | null
        leader_max: number | null
        bid_count: number
      }>('select current_price, leader_id, leader_max, bid_count from lots where id = $1', [id])
      const l = lot[0]!
      if (
        l.current_price !== state.currentPrice ||
        l.leader_id !== state.leaderId ||
        l.leader_max !== state.leaderMax ||
        l.bid_count !== state.bidCount
      ) {
        anomalies.push(`lot ${id}: final state differs from the serial replay`)
      }
      const { rows: holds } = await stack.db.query<{ user_id: string; amount: number }>(
        `select user_id, amount from holds where lot_id = $1 and status = 'active'`,
        [id],
      )
      const expected = state.leaderId ? [`${state.leaderId}:${state.leaderMax}`] : []
      if (holds.map((h) => `${h.user_id}:${h.amount}`).join() !== expected.join()) {
        anomalies.push(`lot ${id}: holds differ from the serial replay`)
      }
    }
    for (const key of acceptedKeys) {
      const n = answers.filter((a) => a.key === key).length
      if (n !== 1) anomalies.push(`accepted bid ${key} appears ${n} times`)
    }
    const { rows: negative } = await stack.db.query<{ n: number }>(
      `select count(*)::int as n from users u
        where (select coalesce(sum(amount), 0) from ledger_entries e where e.user_id = u.id)
            - (select coalesce(sum(amount), 0) from holds h where h.user_id = u.id and h.status = 'active') < 0`,
    )
    if (negative[0]!.n > 0) anomalies.push(`${negative[0]!.n} users with negative available`)

    // ── Report ───────────────────────────────────────────────────────────────────────────────
    const accepted = sent.filter((s) => s.status === 201 && !s.duplicate)
    const codes = new Map<string, number>()
    for (const s of sent) {
      const code = s.status === 201 ? '201' : `${s.status} ${s.code}`
      codes.set(code, (codes.get(code) ?? 0) + 1)
    }
    const all = sent.map((s) => s.ms).sort((a, b) => a - b)
    const ok = accepted.map((s) => s.ms).sort((a, b) => a - b)
    const rate = accepted.length / elapsed
    const rows: Array<[string, string]> = [
      ['duration', `${elapsed.toFixed(1)} s`],
      ['concurrency (requests in flight)', String(CONCURRENCY)],
      ['bidders', String(BIDDERS)],
      ['pg pool size', String(POOL)],
      ['lots used (one hot lot at a time)', String(result.lotsUsed)],
      ['requests sent (incl. duplicates)', String(sent.length)],
      ['**accepted bids/s**', `**${rate.toFixed(0)}**`],
      ['requests/s', (sent.length / elapsed).toFixed(0)],
      ['answers', [...codes].map(([c, n]) => `${c}: ${n}`).join(', ')],
      [
        'latency p50 / p99, all requests',
        `${percentile(all, 50).toFixed(1)} / ${percentile(all, 99).toFixed(1)} ms`,
      ],
      [
        'latency p50 / p99, accepted',
        `${percentile(ok, 50).toFixed(1)} / ${percentile(ok, 99).toFixed(1)} ms`,
      ],
      ['**anomalies**', `**${anomalies.length}**`],
    ]
    return { rate, anomalies, rows, pg: await postgresVersion(stack.db) }
  } finally {
    await stack.close()
  }
}

/** Several runs (the machine may be shared): the table shows the median run, all runs are listed. */
async function main() {
  const runs: RunResult[] = []
  for (let i = 0; i < RUNS; i++) {
    const run = await runOnce()
    console.log(
      `run ${i + 1}: ${run.rate.toFixed(0)} accepted/s, ${run.anomalies.length} anomalies`,
    )
    if (run.anomalies.length) console.log(run.anomalies.slice(0, 20).join('\n'))
    runs.push(run)
  }
  const median = [...runs].sort((a, b) => a.rate - b.rate)[Math.floor(runs.length / 2)]!
  const anomalies = runs.reduce((n, r) => n + r.anomalies.length, 0)
  const table = [
    '| measure (median run) | value |',
    '| --- | ---: |',
    ...median.rows.map(([k, v]) => `| ${k} | ${v} |`),
  ].join('\n')
  const met = median.rate >= BUDGET_PER_SECOND && anomalies === 0
  const section = [
    `Command: \`npx tsx bench/bids.ts --seconds ${SECONDS} --concurrency ${CONCURRENCY} --bidders ${BIDDERS} --pool ${POOL} --runs ${RUNS} --write\``,
    '',
    `Machine: ${machine()}; ${median.pg} on 127.0.0.1 (same machine). App and embedded real-time service share one Node process (as with npm start); the load generator runs in a child process.`,
    '',
    table,
    '',
    `All runs: ${runs.map((r) => `${r.rate.toFixed(0)}`).join(', ')} accepted/s; anomalies in all runs together: ${anomalies}.`,
    '',
    `Budget ≥ ${BUDGET_PER_SECOND} accepted/s with zero anomalies: **${met ? 'met' : 'missed'}** (median run).`,
    '',
    'Load model: a bidding war on one lot — every request bids the next rung of a ladder of two increments per rung from the next bidder in turn (20% with a proxy maximum 3 increments higher, 3% sent twice at once with the same Idempotency-Key); requests that lose the race get `bid_too_low`. Bids waiting for the same lot are decided in one transaction per batch (ascending amount, ties in arrival order): lock the lot; lock the wallets of the bidders and the current leader (user-id order) and read balances, holds, idempotency keys and new bid ids in the same statement; decide each bid with `resolveBid`; write history, lot, holds, wallet versions, notifications and the stored responses in one statement. Events go out through the `pusher` SDK to the embedded service after commit. Anomalies: serial replay of the accepted requests in bid-id order (history, price, leader, maximum, holds), duplicates, negative available.',
  ].join('\n')
  console.log(section)
  if (WRITE) await writeSection('## Bids on one hot lot (bench/bids.ts)', section)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
