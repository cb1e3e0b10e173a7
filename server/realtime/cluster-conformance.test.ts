/**
 * The main conformance suites again, each server being two nodes joined through Redis (clients on
 * node A, the `pusher` SDK publishing to node B). Needs Redis, so it runs in the PostgreSQL pass
 * (`npm run test:pg`, where CI has Redis too), not in a plain `npm test`.
 */
import { describe, expect, it } from 'vitest'
import {
  isEvent,
  RawClient,
  rawSubscribe,
  startTestServer,
  useClusterForTestServers,
} from '../../tests/realtime/kit.ts'

const enabled = process.env.LOTLINE_TEST_DATABASE === 'pg'

if (enabled) {
  useClusterForTestServers(process.env.LOTLINE_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379')
  await import('./pusher-js.test.ts')
  await import('./http-api.test.ts')
  await import('./protocol.test.ts')
  describe('the two-node test server', () => {
    it('really is two nodes: a client on A gets what the SDK publishes to B', async () => {
      const t = await startTestServer()
      expect(t.server.stats().cluster).toMatchObject({ connected: true, nodes: 2 })
      const c = await RawClient.connect(t.port)
      await rawSubscribe(c, t.sdk, 'check')
      await t.sdk.trigger('check', 'hi', { n: 1 })
      expect((await c.next(isEvent('hi', 'check'))).data).toEqual({ n: 1 })
      const info = await t.sdk.get({
        path: '/channels/check',
        params: { info: 'subscription_count' },
      })
      expect(await info.json()).toEqual({ occupied: true, subscription_count: 1 })
      c.close()
      await t.server.close()
    })
  })
} else {
  describe.skip('conformance on a two-node cluster (needs Redis: LOTLINE_TEST_DATABASE=pg)', () => {
    it.skip('skipped', () => {})
  })
}
