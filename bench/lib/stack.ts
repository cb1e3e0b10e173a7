/**
 * Shared pieces of the auction benchmarks: a throw-away PostgreSQL database, the real app and the
 * embedded real-time service on free loopback ports, funded members with sessions, a keep-alive
 * HTTP client, percentiles, machine facts, and writing one section of docs/performance.md.
 */
import { randomBytes } from 'node:crypto'
import { readFile, writeFile } from 'node:fs/promises'
import { Agent, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { cpus, loadavg, totalmem } from 'node:os'
import type { FastifyInstance } from 'fastify'
import { ASYNC_HEADER, ASYNC_HEADER_VALUE } from '../../common/config.ts'
import { buildApp } from '../../server/app.ts'
import { loadConfig, type Config } from '../../server/config.ts'
import { createScratchDatabase } from '../../server/db/scratch.ts'
import type { Database } from '../../server/db/types.ts'
import { Broadcaster } from '../../server/lib/broadcaster.ts'
import { hashSessionToken, newSessionToken } from '../../server/lib/tokens.ts'
import {
  startRealtimeServer,
  type RealtimeServer,
  type RealtimeServerOptions,
} from '../../server/realtime/index.ts'
import { appendLedgerEntry } from '../../server/repositories/ledger.ts'
import { insertSession } from '../../server/repositories/sessions.ts'
import { insertUser } from '../../server/repositories/users.ts'

export const ADMIN_URL =
  process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
export const PUSHER_APP = { id: 'lotline', key: 'lotline-key', secret: 'lotline-secret' }

class SilentBroadcaster extends Broadcaster {
  override async publish() {}
  override async sendToUser() {}
}

export interface Stack {
  db: Database
  app: FastifyInstance
  realtime: RealtimeServer
  config: Config
  baseUrl: string
  port: number
  close(): Promise<void>
}

/** Creates `lotline_bench_<random>` on the local server, and drops it on close. */
async function benchDatabase(
  poolSize: number,
): Promise<{ db: Database; drop: () => Promise<void> }> {
  const scratch = await createScratchDatabase(ADMIN_URL, 'lotline_bench', poolSize)
  return {
    db: scratch.db,
    async drop() {
      await scratch.db.close()
      // Connections may still be closing after pool.end(); give them a moment before forcing.
      await new Promise((r) => setTimeout(r, 200))
      await scratch.drop()
    },
  }
}

export async function startStack(options: {
  poolSize: number
  /** Called before the app starts listening (e.g. to add a request-counting hook). */
  beforeListen?: (app: FastifyInstance) => void
  /** More options for the embedded real-time service (e.g. onFanOut). */
  realtime?: Partial<RealtimeServerOptions>
  /** The app's broadcaster (e.g. one that stamps events); by default the real one. */
  broadcaster?: (config: Config['pusher']) => Broadcaster
}): Promise<Stack> {
  const { db, drop } = await benchDatabase(options.poolSize)
  const realtime = await startRealtimeServer({
    port: 0,
    host: '127.0.0.1',
    apps: [PUSHER_APP],
    // The load generator's sockets all come from 127.0.0.1.
    maxConnectionsPerAddress: Number.POSITIVE_INFINITY,
    ...options.realtime,
  })
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    PUSHER_PORT: String(realtime.port),
    LOG_LEVEL: 'warn',
  })
  const app = await buildApp({
    config,
    db,
    logger: false,
    broadcaster: process.env.BENCH_NO_PUBLISH
      ? new SilentBroadcaster(config.pusher)
      : (options.broadcaster?.(config.pusher) ?? new Broadcaster(config.pusher)),
  })
  options.beforeListen?.(app)
  await app.listen({ port: 0, host: '127.0.0.1' })
  const port = (app.server.address() as AddressInfo).port
  return {
    db,
    app,
    realtime,
    config,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    async close() {
      await app.close()
      await realtime.close()
      await drop()
    },
  }
}

export interface BenchMember {
  id: string
  alias: string
  cookie: string
}

/** Members inserted directly (no scrypt), each with a session and `credit` cents of adjustment. */
export async function fundMembers(
  stack: Stack,
  count: number,
  credit: number,
): Promise<BenchMember[]> {
  const members: BenchMember[] = []
  for (let i = 0; i < count; i++) {
    const user = await insertUser(stack.db, {
      name: `Bench ${i}`,
      email: `bench-${i}-${randomBytes(3).toString('hex')}@bench.test`,
      passwordHash: 'bench',
    })
    if (!user) throw new Error('could not create a bench member')
    if (credit > 0) {
      await appendLedgerEntry(stack.db, {
        userId: user.id,
        kind: 'adjustment',
        amount: credit,
        reason: 'bench',
      })
    }
    const token = newSessionToken()
    await insertSession(stack.db, hashSessionToken(token, stack.config.sessionSecret), user.id)
    members.push({ id: user.id, alias: user.alias, cookie: `lotline_session=${token}` })
  }
  return members
}

export async function insertOpenLot(
  db: Database,
  sellerId: string,
  startingPrice: number,
  seconds = 3_600,
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into lots (seller_id, title, description, starting_price, starts_at, ends_at, status)
     values ($1, 'Bench lot', 'Hot lot', $2, now(), now() + make_interval(secs => $3), 'open')
     returning id`,
    [sellerId, startingPrice, seconds],
  )
  return rows[0]!.id
}

export interface HttpResult {
  status: number
  body: string
  ms: number
}

/** A keep-alive JSON client for loopback. */
export function httpClient(baseUrl: string, maxSockets: number) {
  const agent = new Agent({ keepAlive: true, maxSockets })
  const url = new URL(baseUrl)
  return {
    post(path: string, body: unknown, headers: Record<string, string>): Promise<HttpResult> {
      const payload = JSON.stringify(body)
      const started = performance.now()
      return new Promise((resolve, reject) => {
        const req = request(
          {
            agent,
            host: url.hostname,
            port: url.port,
            path,
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(payload),
              [ASYNC_HEADER]: ASYNC_HEADER_VALUE,
              ...headers,
            },
          },
          (res) => {
            const chunks: Buffer[] = []
            res.on('data', (c: Buffer) => chunks.push(c))
            res.on('end', () =>
              resolve({
                status: res.statusCode ?? 0,
                body: Buffer.concat(chunks).toString('utf8'),
                ms: performance.now() - started,
              }),
            )
          },
        )
        req.on('error', reject)
        req.end(payload)
      })
    },
    close: () => agent.destroy(),
  }
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}

export function machine(): string {
  const cpu = cpus()[0]?.model ?? 'unknown CPU'
  const load = loadavg()[0]!.toFixed(1)
  return `nproc ${cpus().length} (${cpu}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, 1-min load average ${load} at the end (the machine is shared with other work)`
}

export async function postgresVersion(db: Database): Promise<string> {
  const { rows } = await db.query<{ v: string }>("select current_setting('server_version') as v")
  return `PostgreSQL ${rows[0]?.v ?? '?'}`
}

/** Replaces the section under `heading` (up to the next `## `) in docs/performance.md, or appends it. */
export async function writeSection(heading: string, content: string) {
  const path = new URL('../../docs/performance.md', import.meta.url)
  let doc = ''
  try {
    doc = await readFile(path, 'utf8')
  } catch {
    doc = '# Performance\n'
  }
  const section = `${heading}\n\n${content.trim()}\n`
  const start = doc.indexOf(`${heading}\n`)
  if (start === -1) {
    doc = `${doc.trimEnd()}\n\n${section}`
  } else {
    const next = doc.indexOf('\n## ', start + heading.length)
    doc = `${doc.slice(0, start)}${section}${next === -1 ? '' : doc.slice(next)}`
  }
  await writeFile(path, doc)
}
