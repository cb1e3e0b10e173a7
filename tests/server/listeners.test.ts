/**
 * The real server process (`tsx server/main.ts`: API + embedded real-time service) against
 * malformed input on every listener. A request handler that throws must cost one request, never
 * the process: after all of it, the app's /health still answers ok and the process is alive.
 * No client build is needed (CLIENT_DIST_DIR is an empty folder).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createHash, createHmac } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { connect as tcpConnect } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { freePort } from '../free-port.ts'

const ROOT = resolve(import.meta.dirname, '../..')
/** NODE_ENV=test runs with the development credentials. */
const APP = { id: 'lotline', key: 'lotline-key', secret: 'lotline-secret' }

let child: ChildProcess
let appPort = 0
let rtPort = 0
let dataDir = ''
const logs: string[] = []

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

beforeAll(async () => {
  appPort = await freePort()
  rtPort = await freePort()
  dataDir = await mkdtemp(join(tmpdir(), 'lotline-listeners-'))
  const emptyDist = await mkdtemp(join(tmpdir(), 'lotline-nodist-'))
  child = spawn(process.execPath, [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(appPort),
      HOST: '127.0.0.1',
      PUSHER_PORT: String(rtPort),
      PUSHER_HOST: '',
      DATA_DIR: dataDir,
      CLIENT_DIST_DIR: emptyDist,
      LOG_LEVEL: 'warn',
      REALTIME_BODY_TIMEOUT_MS: '1000',
      REQUEST_TIMEOUT_SECONDS: '2',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (d: Buffer) => logs.push(d.toString()))
  child.stderr?.on('data', (d: Buffer) => logs.push(d.toString()))
  // A first start seeds the demo data through real bids, closes and order moves; on a machine
  // loaded by the other suites that took over 50 s (the browser harness allows 3 minutes too).
  const deadline = Date.now() + 170_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${logs.join('')}`)
    const res = await fetch(`http://127.0.0.1:${appPort}/health`).catch(() => undefined)
    if (res?.ok) break
    if (Date.now() > deadline) throw new Error(`server did not start:\n${logs.join('')}`)
    await sleep(200)
  }
}, 180_000)

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child.once('exit', r))
    child.kill('SIGTERM')
    await Promise.race([exited, sleep(5000)])
    if (child.exitCode === null) child.kill('SIGKILL')
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

/** Writes raw bytes and collects whatever comes back until the peer closes (or `ms` pass). */
function raw(port: number, bytes: string | Buffer, ms = 2000): Promise<string> {
  return new Promise((done) => {
    const socket = tcpConnect(port, '127.0.0.1')
    let out = ''
    const finish = () => {
      clearTimeout(timer)
      socket.destroy()
      done(out)
    }
    const timer = setTimeout(finish, ms)
    socket.on('data', (d) => (out += d.toString('latin1')))
    socket.on('close', finish)
    socket.on('error', finish)
    socket.write(bytes)
  })
}

const statusOf = (response: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(response)?.[1] ?? 0)

/** A Pusher-signed HTTP API path + query (what the `pusher` SDK sends). */
function signed(method: string, path: string, body?: string): string {
  const params: Record<string, string> = {
    auth_key: APP.key,
    auth_timestamp: String(Math.floor(Date.now() / 1000)),
    auth_version: '1.0',
  }
  if (body !== undefined) params.body_md5 = createHash('md5').update(body).digest('hex')
  const query = Object.keys(params)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&')
  const sig = createHmac('sha256', APP.secret).update(`${method}\n${path}\n${query}`).digest('hex')
  return `${path}?${query}&auth_signature=${sig}`
}

function request(line: string, headers: string[] = [], body = ''): string {
  const all = headers.some((h) => /^connection:/i.test(h))
    ? headers
    : ['Connection: close', ...headers]
  return `${line}\r\nHost: x\r\n${all.map((h) => `${h}\r\n`).join('')}\r\n${body}`
}

const UPGRADE = [
  'Connection: Upgrade',
  'Upgrade: websocket',
  'Sec-WebSocket-Version: 13',
  'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
]

/** Opens a socket to the real-time port and returns the first frame and the close code. */
function wsAttempt(path: string): Promise<{ first: string; code: number }> {
  return new Promise((done) => {
    const ws = new WebSocket(`ws://127.0.0.1:${rtPort}${path}`)
    let first = ''
    ws.on('message', (d: Buffer) => (first ||= d.toString()))
    ws.on('close', (code) => done({ first, code }))
    ws.on('error', () => {})
  })
}

async function expectStillServing() {
  expect(child.exitCode).toBeNull()
  const health = await fetch(`http://127.0.0.1:${appPort}/health`)
  expect(health.status).toBe(200)
  expect(await health.json()).toMatchObject({ status: 'ok', dependencies: { realtime: 'ok' } })
}

describe('app port: malformed HTTP never takes the process down', () => {
  const cases: Array<[string, string | Buffer, (status: number) => void]> = [
    ['bad percent-encoding in a path', request('GET /api/lots/%E0%A4%A HTTP/1.1'), is4xx],
    ['bad percent-encoding in the query', request('GET /api/lots?q=%E0%A4%A&x=% HTTP/1.1'), is4xx],
    ['a malformed request line', 'GARBAGE\r\n\r\n', is(400)],
    ['a request line with spaces in the target', request('GET /a b c HTTP/1.1'), is(400)],
    ['oversize headers', request('GET / HTTP/1.1', [`X-Big: ${'a'.repeat(70_000)}`]), is(431)],
    ['a NUL in a header', request('GET / HTTP/1.1', ['X-Bad: a\u0000b']), is(400)],
    ['a bad Content-Length', request('POST /api/lots HTTP/1.1', ['Content-Length: -5']), is(400)],
  ]
  for (const [label, bytes, check] of cases) {
    it(label, async () => {
      check(statusOf(await raw(appPort, bytes)))
      await expectStillServing()
    })
  }

  it('a request whose body never arrives is answered 408 within the request timeout', async () => {
    const started = Date.now()
    const answer = await raw(
      appPort,
      request('POST /api/auth/login HTTP/1.1', [
        'Content-Type: application/json',
        'X-Requested-With: XMLHttpRequest',
        'Content-Length: 100',
      ]),
      10_000,
    )
    expect(statusOf(answer)).toBe(408)
    expect(Date.now() - started).toBeLessThan(6_000)
    await expectStillServing()
  })

  it('upgrade requests (the app port has no WebSocket endpoint)', async () => {
    await raw(appPort, request('GET /app/%E0%A4%A?protocol=7 HTTP/1.1', UPGRADE), 500)
    await raw(
      appPort,
      request('GET /api/lots HTTP/1.1', ['Connection: Upgrade', 'Upgrade: x']),
      500,
    )
    await expectStillServing()
  })
})

describe('real-time port: malformed input never takes the process down', () => {
  it('an upgrade to a malformed app key gets pusher:error 4005 (it used to end the process)', async () => {
    const { first, code } = await wsAttempt('/app/%E0%A4%A?protocol=7')
    expect(JSON.parse(first)).toMatchObject({ event: 'pusher:error', data: { code: 4005 } })
    expect(code).toBe(4005)
    await expectStillServing()
  })

  it('bad upgrade requests get an HTTP error', async () => {
    expect(statusOf(await raw(rtPort, request('GET /apps/x HTTP/1.1', UPGRADE)))).toBe(404)
    const noKey = UPGRADE.filter((h) => !h.startsWith('Sec-WebSocket-Key'))
    expect(statusOf(await raw(rtPort, request('GET /app/lotline-key HTTP/1.1', noKey)))).toBe(400)
    // The peer vanishes mid-handshake.
    await raw(rtPort, 'GET /app/lotline-key?protocol=7 HTTP/1.1\r\nUpgrade: websocket\r\n', 100)
    await expectStillServing()
  })

  const http: Array<[string, () => string | Buffer, number]> = [
    ['a malformed app id', () => request('GET /apps/%E0%A4%A/events HTTP/1.1'), 400],
    [
      'a malformed channel name',
      () => request(`GET ${signed('GET', '/apps/lotline/channels/%E0%A4%A')} HTTP/1.1`),
      400,
    ],
    [
      'a malformed presence channel name',
      () => request(`GET ${signed('GET', '/apps/lotline/channels/presence-%ZZ/users')} HTTP/1.1`),
      400,
    ],
    [
      'a malformed user id',
      () =>
        request(
          `POST ${signed('POST', '/apps/lotline/users/%E0%A4%A/terminate_connections')} HTTP/1.1`,
          ['Content-Length: 0'],
        ),
      400,
    ],
    [
      'a malformed query',
      () => request('GET /apps/lotline/channels?auth_key=%E0%A4%A HTTP/1.1'),
      401,
    ],
    [
      'bad JSON',
      () => {
        const body = '{"name":'
        return request(
          `POST ${signed('POST', '/apps/lotline/events', body)} HTTP/1.1`,
          [`Content-Length: ${body.length}`],
          body,
        )
      },
      400,
    ],
    ['a malformed request line', () => 'GARBAGE\r\n\r\n', 400],
    ['oversize headers', () => request('GET / HTTP/1.1', [`X-Big: ${'a'.repeat(70_000)}`]), 431],
  ]
  for (const [label, bytes, status] of http) {
    it(`HTTP API: ${label} → ${status}`, async () => {
      expect(statusOf(await raw(rtPort, bytes()))).toBe(status)
      await expectStillServing()
    })
  }

  it('HTTP API: a truncated body times out with 408', async () => {
    const body = '{"name":"e","data":"{}","channels":["c"]}'
    const bytes = request(
      `POST ${signed('POST', '/apps/lotline/events', body)} HTTP/1.1`,
      [`Content-Length: ${body.length}`],
      body.slice(0, 10),
    )
    expect(statusOf(await raw(rtPort, bytes, 5000))).toBe(408)
    await expectStillServing()
  })

  it('socket frames: bad JSON and binary frames get pusher:error 4300', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${rtPort}/app/${APP.key}?protocol=7`)
    const frames: string[] = []
    ws.on('message', (d: Buffer) => frames.push(d.toString()))
    await new Promise((r, fail) => {
      ws.once('open', r)
      ws.once('error', fail)
    })
    ws.send('{"event":')
    ws.send(Buffer.from([0xff, 0xfe, 0x00]), { binary: true })
    ws.send(Buffer.from([0xc3, 0x28]), { binary: false })
    await sleep(300)
    ws.terminate()
    const errors = frames.map((f) => JSON.parse(f)).filter((f) => f.event === 'pusher:error')
    expect(errors.map((e) => e.data.code)).toEqual([4300, 4300])
    await expectStillServing()
  })
})

function is(status: number) {
  return (actual: number) => expect(actual).toBe(status)
}
function is4xx(actual: number) {
  expect(actual).toBeGreaterThanOrEqual(400)
  expect(actual).toBeLessThan(500)
}
