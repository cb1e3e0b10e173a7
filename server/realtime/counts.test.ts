/** What the service reports of its own work (the app's GET /metrics reads it). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  RawClient,
  isEvent,
  rawSubscribe,
  startTestServer,
  type TestServer,
} from '../../tests/realtime/kit.ts'

let t: TestServer
const clients: RawClient[] = []
const fanOuts: Array<{ seconds: number; sockets: number }> = []

beforeAll(async () => {
  t = await startTestServer({ onFanOut: (seconds, sockets) => fanOuts.push({ seconds, sockets }) })
})
afterAll(async () => {
  for (const c of clients) c.ws.terminate()
  await t.server.close()
})

describe('counts and fan-out timing', () => {
  it('counts events in, deliveries out and presence members, and times each fan-out', async () => {
    const connect = async () => {
      const c = await RawClient.connect(t.port)
      clients.push(c)
      return c
    }
    const [a, b, c] = [await connect(), await connect(), await connect()]
    await rawSubscribe(a, t.sdk, 'lot.counts')
    await rawSubscribe(b, t.sdk, 'lot.counts')
    await rawSubscribe(c, t.sdk, 'presence-counts', { user_id: 'ann' })
    const before = t.server.stats()
    expect(before).toMatchObject({ connections: 3, presenceMembers: 1 })

    await t.sdk.trigger('lot.counts', 'bid.placed', { n: 1 })
    await a.next(isEvent('bid.placed', 'lot.counts'))
    await b.next(isEvent('bid.placed', 'lot.counts'))
    // Nobody listens here: not an event for this node's sockets.
    await t.sdk.trigger('lot.nobody', 'bid.placed', { n: 2 })

    const after = t.server.stats()
    expect(after.eventsIn - before.eventsIn).toBe(1)
    expect(after.deliveriesOut - before.deliveriesOut).toBe(2)
    expect(fanOuts.at(-1)?.sockets).toBe(2)
    expect(fanOuts.at(-1)?.seconds).toBeGreaterThanOrEqual(0)
    expect(fanOuts.at(-1)?.seconds).toBeLessThan(1)
  })
})
