/**
 * Frames written to one socket in one event-loop turn leave in one write (frames.ts): the peer
 * gets them all, in order, and the kernel is asked once rather than once per frame.
 */
import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { WebSocket, WebSocketServer } from 'ws'
import { prepareFrame, sendPrepared } from './frames.ts'

let server: WebSocketServer | undefined
let client: WebSocket | undefined
afterEach(async () => {
  client?.terminate()
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined))
})

/** A connected pair on loopback: the server's side of it, and what the client receives. */
async function pair() {
  server = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false })
  await once(server, 'listening')
  const port = (server.address() as AddressInfo).port
  const accepted = once(server, 'connection') as Promise<[WebSocket]>
  client = new WebSocket(`ws://127.0.0.1:${port}`)
  const received: string[] = []
  client.on('message', (data: Buffer) => received.push(data.toString('utf8')))
  await once(client, 'open')
  const [ws] = await accepted
  const socket = (ws as unknown as { _socket: { _write: unknown; _writev: unknown } })._socket
  const writes = vi.spyOn(socket as { _write: (...a: unknown[]) => void }, '_write')
  const writevs = vi.spyOn(socket as { _writev: (...a: unknown[]) => void }, '_writev')
  return { ws, received, writes, writevs }
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10))
  expect(check()).toBe(true)
}

describe('frames written in one turn', () => {
  it('reach the peer in order through one write', async () => {
    const { ws, received, writes, writevs } = await pair()
    for (const text of ['{"n":1}', '{"n":2}', '{"n":3}']) sendPrepared(ws, prepareFrame(text))
    await until(() => received.length === 3)
    expect(received).toEqual(['{"n":1}', '{"n":2}', '{"n":3}'])
    expect(writevs).toHaveBeenCalledTimes(1)
    expect(writes).not.toHaveBeenCalled()
  })

  it('a frame in a later turn is written on its own', async () => {
    const { ws, received, writes, writevs } = await pair()
    sendPrepared(ws, prepareFrame('{"n":1}'))
    await until(() => received.length === 1)
    sendPrepared(ws, prepareFrame('{"n":2}'))
    await until(() => received.length === 2)
    expect(writes).toHaveBeenCalledTimes(2)
    expect(writevs).not.toHaveBeenCalled()
  })
})
