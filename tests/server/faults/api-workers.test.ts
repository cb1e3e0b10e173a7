import { randomUUID } from 'node:crypto'
import { get } from 'node:http'
import { afterAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { onPostgres } from '../helpers.ts'
import { startOwnPostgres, type OwnPostgres } from './own-postgres.ts'
import { serverPorts, startServer, type ServerPorts, type ServerProcess } from './server-process.ts'

const REDIS_URL = process.env.LOTLINE_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'

/**
 * `API_WORKERS=2`: two processes share the app's port and the embedded real-time service's port
 * (node:cluster), each a whole node joined to the other through PostgreSQL and Redis
 * (docs/scaling.md). Sockets land on both workers; a lot listed through the API reaches every
 * socket, whichever worker took the request; SIGTERM to the primary stops them all.
 */
describe.runIf(onPostgres)('API_WORKERS=2 on one machine', () => {
  let cluster: OwnPostgres | undefined
  let ports: ServerPorts | undefined
  let server: ServerProcess | undefined
  const sockets: WebSocket[] = []

  afterAll(async () => {
    for (const s of sockets) s.terminate()
    await server?.kill()
    cluster?.destroy()
    ports?.dispose()
  })

  it('spreads sockets over both workers and delivers an API change to all of them', async () => {
    cluster = await startOwnPostgres()
    const url = await cluster.createDatabase('lotline_workers')
    ports = await serverPorts()
    server = startServer(ports, {
      DATABASE_URL: url,
      REDIS_URL,
      REALTIME_REDIS_PREFIX: `lotline:test:${randomUUID()}`,
      API_WORKERS: '2',
    })
    await server.healthy(90_000)

    // Three sockets, handed out round robin: two on one worker, one on the other.
    const events: string[][] = []
    for (let i = 0; i < 3; i++) {
      const seen: string[] = []
      events.push(seen)
      sockets.push(await subscribed(ports.pusherPort, 'lots', seen))
    }
    const counts = new Set<string>()
    for (let i = 0; i < 6; i++) counts.add(await realtimeConnections(ports.port))
    expect([...counts].sort()).toEqual(['1', '2'])

    const cookie = await signIn(server.baseUrl)
    for (let n = 0; n < 2; n++) {
      const listed = await fetch(`${server.baseUrl}/api/lots`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-requested-with': 'XMLHttpRequest',
          cookie,
        },
        body: JSON.stringify({
          title: `Workers ${n}`,
          category: 'other',
          startingPrice: 1_000,
          endsAt: new Date(Date.now() + 3_600_000).toISOString(),
          delivery: { pickup: { town: 'Madrid' } },
        }),
      })
      expect(listed.status).toBe(201)
    }
    await waitFor(() =>
      events.every((seen) => seen.filter((e) => e === 'lot.created').length === 2),
    )
    // Each worker counts and times its own deliveries: 2 events to 2 sockets, and to 1.
    const delivered = new Set<string>()
    for (let i = 0; i < 6; i++) {
      const body = await scrape(ports.port)
      delivered.add(metric(body, 'lotline_realtime_deliveries_out_total'))
      expect(
        Number(metric(body, 'lotline_realtime_delivery_seconds_count')),
      ).toBeGreaterThanOrEqual(2)
    }
    expect([...delivered].sort()).toEqual(['2', '4'])

    const code = await Promise.race([
      (server.child.kill('SIGTERM'), server.exited),
      new Promise((resolve) => setTimeout(() => resolve('hung'), 15_000)),
    ])
    expect(code).toBe(0)
  }, 180_000)
})

/** A raw Pusher-protocol client subscribed to `channel`; every event name it gets goes to `seen`. */
async function subscribed(port: number, channel: string, seen: string[]): Promise<WebSocket> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/app/lotline-key?protocol=7`)
  await new Promise<void>((resolve, reject) => {
    ws.on('error', reject)
    ws.on('message', (raw) => {
      const frame = JSON.parse(String(raw)) as { event: string }
      seen.push(frame.event)
      if (frame.event === 'pusher:connection_established') {
        ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel } }))
      }
      if (frame.event === 'pusher_internal:subscription_succeeded') resolve()
    })
  })
  return ws
}

/** One scrape on a fresh connection (the primary hands each connection to the next worker). */
function scrape(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path: '/metrics', agent: false }, (res) => {
      let body = ''
      res.on('data', (chunk: Buffer) => (body += chunk.toString()))
      res.on('end', () => resolve(body))
    }).on('error', reject)
  })
}

const metric = (body: string, name: string) =>
  new RegExp(`^${name} (\\d+)$`, 'm').exec(body)?.[1] ?? '?'

const realtimeConnections = async (port: number) =>
  metric(await scrape(port), 'lotline_realtime_connections')

async function signIn(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify({ email: 'alice@lotline.test', password: 'lotline-demo' }),
  })
  expect(res.status).toBe(200)
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
}

async function waitFor(done: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the events')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
