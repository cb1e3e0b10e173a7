/**
 * Issue 27, defect 3: one client could take every socket. Sockets are capped per client address
 * (default 50), the address decided as the API decides it (TRUST_PROXY, decision 0016), and the
 * total is kept under the open-file limit with a reserve for the rest of the process.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { startRealtimeServer, type RealtimeServer, type RealtimeServerOptions } from './index.ts'
import { APP, RawClient, isEvent } from '../../tests/realtime/kit.ts'
import { addressKey, clientAddress, compileTrust, trustProxyFromEnv } from './client-address.ts'
import { connectionCeiling, parseOpenFileLimit } from './fd-limit.ts'

let server: RealtimeServer | undefined
const clients: RawClient[] = []

afterEach(async () => {
  for (const c of clients.splice(0)) c.ws.terminate()
  await server?.close()
  server = undefined
})

async function start(options: Partial<RealtimeServerOptions> = {}) {
  server = await startRealtimeServer({
    port: 0,
    host: '127.0.0.1',
    apps: [APP],
    shutdownGraceMs: 0,
    ...options,
  })
  return server
}

/** A socket from `localAddress` (any 127.x on Linux) with optional X-Forwarded-For. */
function open(from = '127.0.0.1', forwardedFor?: string): RawClient {
  const url = `ws://127.0.0.1:${server!.port}/app/${APP.key}?protocol=7&client=js&version=8.6.0`
  const headers = forwardedFor === undefined ? {} : { 'X-Forwarded-For': forwardedFor }
  const c = new RawClient(url, { localAddress: from, headers })
  clients.push(c)
  return c
}

async function accepted(c: RawClient): Promise<void> {
  await c.next(isEvent('pusher:connection_established'))
}

/** The over-cap answer: pusher:error 4100, then the close with 4100 (pusher-js retries later). */
async function refusedOverCap(c: RawClient): Promise<void> {
  const error = await c.next(isEvent('pusher:error'))
  expect(error.data).toEqual({
    code: 4100,
    message: 'Too many connections from your address, retry later',
  })
  expect((await c.closed).code).toBe(4100)
}

async function fill(count: number, from: () => RawClient): Promise<RawClient[]> {
  const opened = Array.from({ length: count }, from)
  await Promise.all(opened.map(accepted))
  return opened
}

describe('sockets per client address', () => {
  it('refuses the 51st socket from one address with 4100 and still accepts another address', async () => {
    await start()
    const first50 = await fill(50, () => open('127.0.0.1'))
    await refusedOverCap(open('127.0.0.1'))
    await accepted(open('127.0.0.2'))
    expect(server!.stats()).toMatchObject({ connections: 51, refusedByAddressCap: 1 })
    // A socket that closes gives its place back.
    first50[0]!.close()
    await first50[0]!.closed
    await accepted(open('127.0.0.1'))
  })

  it('behind a trusted proxy counts the forwarded address, not the proxy', async () => {
    await start({ trustProxy: 1 })
    // A client may write anything leftmost; the proxy appends what it saw, and only that counts.
    await fill(50, () => open('127.0.0.1', `198.51.100.${clients.length}, 203.0.113.9`))
    await refusedOverCap(open('127.0.0.1', '10.9.9.9, 203.0.113.9'))
    await accepted(open('127.0.0.1', '203.0.113.10'))
  })

  it('trusts a listed proxy address, and ignores X-Forwarded-For from anyone else', async () => {
    await start({ trustProxy: ['127.0.0.2'] })
    await fill(50, () => open('127.0.0.2', '203.0.113.20'))
    await refusedOverCap(open('127.0.0.2', '203.0.113.20'))
    // Not the listed proxy: its X-Forwarded-For is ignored, each socket is the peer's own.
    await fill(50, () => open('127.0.0.3', `203.0.113.${100 + clients.length}`))
    await refusedOverCap(open('127.0.0.3', '203.0.113.250'))
  })

  it('without TRUST_PROXY an X-Forwarded-For header changes nothing', async () => {
    await start()
    await fill(50, () => open('127.0.0.1', `198.51.100.${clients.length}`))
    await refusedOverCap(open('127.0.0.1', '198.51.100.200'))
    await accepted(open('127.0.0.4', '198.51.100.200'))
  })

  it('a smaller cap holds as set (option maxConnectionsPerAddress)', async () => {
    await start({ maxConnectionsPerAddress: 2 })
    await fill(2, () => open('127.0.0.1'))
    await refusedOverCap(open('127.0.0.1'))
  })
})

describe('the client address rule (the API TRUST_PROXY)', () => {
  const none = compileTrust(false)
  const oneHop = compileTrust(1)
  const twoHops = compileTrust(2)
  const listed = compileTrust(['10.0.0.5', '10.1.0.0/16', 'loopback'])

  it('believes X-Forwarded-For only as far as trusted hops vouch for it', () => {
    expect(clientAddress('10.0.0.5', '1.1.1.1', none)).toBe('10.0.0.5')
    expect(clientAddress('10.0.0.5', '6.6.6.6, 1.1.1.1', oneHop)).toBe('1.1.1.1')
    expect(clientAddress('10.0.0.5', ['6.6.6.6', '1.1.1.1, 10.0.0.6'], twoHops)).toBe('1.1.1.1')
    expect(clientAddress('10.0.0.5', undefined, oneHop)).toBe('10.0.0.5')
    expect(clientAddress('10.0.0.5', '6.6.6.6, 1.1.1.1', listed)).toBe('1.1.1.1')
    expect(clientAddress('10.1.4.4', '6.6.6.6, 10.0.0.5', listed)).toBe('6.6.6.6')
    expect(clientAddress('::ffff:127.0.0.1', '1.1.1.1', listed)).toBe('1.1.1.1')
    expect(clientAddress('192.0.2.1', '6.6.6.6, 1.1.1.1', listed)).toBe('192.0.2.1')
  })

  it('counts IPv4 as is and IPv6 by its /64', () => {
    expect(addressKey('::ffff:192.0.2.1')).toBe('192.0.2.1')
    expect(addressKey('192.0.2.1')).toBe('192.0.2.1')
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe(addressKey('2001:db8:1:2:bbbb::9'))
    expect(addressKey('2001:db8:1:2::1')).not.toBe(addressKey('2001:db8:1:3::1'))
  })

  it('reads TRUST_PROXY as the API does, refusing "true"', () => {
    expect(trustProxyFromEnv(undefined)).toBe(false)
    expect(trustProxyFromEnv(' false ')).toBe(false)
    expect(trustProxyFromEnv('1')).toBe(1)
    expect(trustProxyFromEnv('10.0.0.5, 10.1.0.0/16,loopback')).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      'loopback',
    ])
    expect(() => trustProxyFromEnv('true')).toThrow(/TRUST_PROXY=1/)
    expect(() => trustProxyFromEnv('11')).toThrow(/0 to 10/)
    expect(() => trustProxyFromEnv('proxy.example')).toThrow(/proxy\.example/)
  })
})

describe('file descriptors kept for the API', () => {
  const limits = (soft: string) =>
    `Limit                     Soft Limit           Hard Limit           Units     \n` +
    `Max processes             63448                63448                processes \n` +
    `Max open files            ${soft}                 1048576              files     \n`

  it('reads the soft open-file limit from /proc/self/limits', () => {
    expect(parseOpenFileLimit(limits('1024'))).toBe(1024)
    expect(parseOpenFileLimit(limits('unlimited'))).toBeUndefined()
    expect(parseOpenFileLimit('')).toBeUndefined()
  })

  it('leaves a reserve below the limit, and asks for the limit that would not', () => {
    expect(connectionCeiling(10_000, 65_536)).toEqual({
      maxConnections: 10_000,
      reserve: 16_384,
      neededLimit: undefined,
    })
    expect(connectionCeiling(10_000, 1024)).toEqual({
      maxConnections: 768,
      reserve: 256,
      neededLimit: 13_334,
    })
    expect(connectionCeiling(10_000, 13_334).maxConnections).toBe(10_000)
    expect(connectionCeiling(10_000, 13_333).maxConnections).toBe(10_000 - 1)
    expect(connectionCeiling(100, 300)).toEqual({
      maxConnections: 44,
      reserve: 256,
      neededLimit: 356,
    })
    expect(connectionCeiling(10_000, undefined)).toEqual({
      maxConnections: 10_000,
      reserve: 0,
      neededLimit: undefined,
    })
  })

  it('accepts no more sockets than the limit leaves, and says so at start', async () => {
    const warnings: string[] = []
    const logger = {
      info: () => {},
      error: () => {},
      warn: (_: object, m: string) => warnings.push(m),
    }
    await start({ openFileLimit: 300, maxConnections: 100, logger })
    expect(warnings.join('\n')).toMatch(
      /ulimit -n 300\) is too low for 100 connections; accepting at most 44 .* at least 356/,
    )
    const from = (i: number) => `127.0.1.${1 + (i % 4)}`
    await fill(44, () => open(from(clients.length)))
    const over = open('127.0.2.1')
    const error = await over.next(isEvent('pusher:error'))
    expect(error.data).toMatchObject({ code: 4100 })
    expect((await over.closed).code).toBe(4100)
  })

  it('with a high enough limit warns of nothing', async () => {
    const warnings: string[] = []
    const logger = {
      info: () => {},
      error: () => {},
      warn: (_: object, m: string) => warnings.push(m),
    }
    await start({ openFileLimit: 65_536, logger })
    expect(warnings).toEqual([])
  })
})
