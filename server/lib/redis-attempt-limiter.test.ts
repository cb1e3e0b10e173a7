import { once } from 'node:events'
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RedisAttemptLimiter, type RedisScripting } from './redis-attempt-limiter.ts'

/** Keeps this process busy, as a burst of password hashing or a neighbour starting up would. */
function blockEventLoop(ms: number) {
  const until = Date.now() + ms
  while (Date.now() < until) {
    // busy on purpose
  }
}

/**
 * A stand-in for Redis's `eval` over a real socket: the answer arrives as I/O, as ioredis's does,
 * so the order Node handles timers and sockets in is the real one. The server answers at once,
 * then keeps the process busy past the wait while the answer sits unread in the socket.
 */
describe('the shared attempt counter when this process stalls', () => {
  let server: Server
  let socket: Socket
  let stallMs = 0
  beforeAll(async () => {
    server = createServer((peer) =>
      peer.on('data', (chunk) => {
        peer.write(chunk)
        blockEventLoop(stallMs)
      }),
    )
    server.listen(0, '127.0.0.1')
    await once(server, 'listening')
    const { port } = server.address() as AddressInfo
    socket = connect(port, '127.0.0.1')
    await once(socket, 'connect')
  })
  afterAll(() => {
    socket.destroy()
    server.close()
  })

  /** Answers `ttl` (0 = taken) through the echo server. */
  const echoingRedis = (ttl: number): RedisScripting => ({
    eval: () => {
      const answer = once(socket, 'data').then(() => ttl)
      socket.write('x')
      return answer
    },
  })

  it('uses an answer that arrived while the process was blocked past the wait', async () => {
    stallMs = 400
    const errors: unknown[] = []
    const limiter = new RedisAttemptLimiter(
      echoingRedis(30_000),
      { max: 1, windowMs: 60_000 },
      'test:',
      (error) => errors.push(error),
    )
    // Redis says "over the limit"; this node's own counter (the fallback) would have said yes.
    expect(await limiter.take('someone')).toEqual({ ok: false, retryAfterSeconds: 30 })
    expect(errors).toEqual([])
  })

  it('still counts on this node alone when Redis does not answer at all', async () => {
    const errors: unknown[] = []
    const silent: RedisScripting = { eval: () => new Promise(() => undefined) }
    const limiter = new RedisAttemptLimiter(silent, { max: 1, windowMs: 60_000 }, 'test:', (e) =>
      errors.push(e),
    )
    expect(await limiter.take('someone')).toEqual({ ok: true })
    expect(await limiter.take('someone')).toMatchObject({ ok: false })
    expect(errors).toHaveLength(2)
  })
})
