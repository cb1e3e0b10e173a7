/**
 * Close codes and connection lifecycle: graceful shutdown (4200), pong timeout (4201), capacity
 * (4100), and what a raw client observes in each case.
 */
import { afterEach, describe, expect, it } from 'vitest'
import {
  APP,
  RawClient,
  isEvent,
  rawSubscribe,
  sleep,
  startTestServer,
  type TestServer,
} from '../../tests/realtime/kit.ts'

const servers: TestServer[] = []
const clients: RawClient[] = []
async function start(overrides: Parameters<typeof startTestServer>[0] = {}) {
  const t = await startTestServer(overrides)
  servers.push(t)
  return t
}
async function connect(t: TestServer, wsOptions = {}) {
  const c = new RawClient(`ws://127.0.0.1:${t.port}/app/${APP.key}?protocol=7`, wsOptions)
  clients.push(c)
  await c.next(isEvent('pusher:connection_established'))
  return c
}
afterEach(async () => {
  for (const c of clients.splice(0)) c.ws.terminate()
  await Promise.all(servers.splice(0).map((t) => t.server.close()))
})

describe('close codes', () => {
  it('close() sends 4200 to every socket, frees the port, and refuses new sockets', async () => {
    const t = await start()
    const a = await connect(t)
    const b = await connect(t)
    await rawSubscribe(a, t.sdk, 'presence-bye', { user_id: 'a' })
    expect(t.server.stats()).toMatchObject({ connections: 2, channels: 1 })
    await t.server.close()
    const [ca, cb] = await Promise.all([a.closed, b.closed])
    expect(ca.code).toBe(4200)
    expect(cb.code).toBe(4200)
    expect(t.server.stats()).toMatchObject({ connections: 0, channels: 0 })
    await expect(fetch(`http://127.0.0.1:${t.port}/health`)).rejects.toThrow()
    // the same port can be bound again at once
    const again = await start({ port: t.port })
    expect(again.port).toBe(t.port)
  })

  it('pings an idle socket and closes it with 4201 when nothing comes back', async () => {
    const t = await start({
      activityTimeoutSeconds: 1,
      pongTimeoutSeconds: 1,
      sweepIntervalMs: 100,
    })
    // autoPong:false so the WS-level ping goes unanswered too: a truly dead peer.
    const dead = await connect(t, { autoPong: false })
    const alive = await connect(t)
    alive.ws.on('message', (buf: Buffer) => {
      if (buf.toString().includes('"pusher:ping"')) alive.send({ event: 'pusher:pong', data: {} })
    })
    const ping = await dead.next(isEvent('pusher:ping'), 3000)
    expect(ping.event).toBe('pusher:ping')
    const closed = await dead.closed
    expect(closed.code).toBe(4201)
    await sleep(1500)
    expect(alive.ws.readyState).toBe(alive.ws.OPEN)
    expect(alive.closeCode).toBeUndefined()
  })

  it('counts WS-level pongs as activity (ws clients answer pings automatically)', async () => {
    const t = await start({
      activityTimeoutSeconds: 1,
      pongTimeoutSeconds: 1,
      sweepIntervalMs: 100,
    })
    const c = await connect(t)
    await c.next(isEvent('pusher:ping'), 3000)
    await sleep(2500)
    expect(c.closeCode).toBeUndefined()
  })

  it('closes with 4100 when the app is over its connection limit', async () => {
    const t = await start({ maxConnectionsPerApp: 1 })
    await connect(t)
    const c = new RawClient(`ws://127.0.0.1:${t.port}/app/${APP.key}?protocol=7`)
    clients.push(c)
    const err = await c.next(isEvent('pusher:error'))
    expect(err.data).toMatchObject({ code: 4100 })
    expect((await c.closed).code).toBe(4100)
  })

  it('closes with 4005 for a path that is not /app/{key}', async () => {
    const t = await start()
    const c = new RawClient(`ws://127.0.0.1:${t.port}/app/${APP.key}/extra?protocol=7`)
    clients.push(c)
    expect((await c.closed).code).toBe(4005)
  })

  it('removes presence members of sockets closed by the pong timeout', async () => {
    const t = await start({
      activityTimeoutSeconds: 1,
      pongTimeoutSeconds: 1,
      sweepIntervalMs: 100,
    })
    const watcher = await connect(t)
    watcher.ws.on('message', (buf: Buffer) => {
      if (buf.toString().includes('"pusher:ping"')) watcher.send({ event: 'pusher:pong', data: {} })
    })
    await rawSubscribe(watcher, t.sdk, 'presence-ghost', { user_id: 'w' })
    const ghost = await connect(t, { autoPong: false })
    await rawSubscribe(ghost, t.sdk, 'presence-ghost', { user_id: 'g' })
    const removed = await watcher.next(isEvent('pusher_internal:member_removed'), 5000)
    expect(removed.data).toEqual({ user_id: 'g' })
  })
})
