/**
 * Real-time (docs/product.md §4) in a real browser: the header shows the real-time connection
 * truthfully — live when pusher-js is connected to our service, reconnecting while the service
 * restarts, live again after.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildClient, launchBrowser, startServer, type RunningServer } from './harness.ts'

let server: RunningServer
beforeAll(async () => {
  server = await startServer({ distDir: buildClient('v1') })
})
afterAll(() => server?.stop())

describe('real-time connection indicator', () => {
  it('goes live, shows reconnecting through a service restart, and is live again', async () => {
    const browser = await launchBrowser()
    try {
      const page = await browser.newPage()
      const sockets: string[] = []
      page.on('websocket', (ws) => sockets.push(ws.url()))
      await page.goto(server.url)
      const status = page
        .getByRole('status')
        .filter({ hasText: /Live|Connecting|Reconnecting|Offline/ })
      await expect.poll(() => status.first().textContent(), { timeout: 15_000 }).toBe('Live')
      // Plain ws to our own host and port, with the protocol version pusher-js speaks.
      expect(sockets[0]).toMatch(
        new RegExp(`^ws://localhost:${server.realtimePort}/app/lotline-key\\?protocol=7`),
      )

      await server.halt()
      await expect
        .poll(() => status.first().textContent(), { timeout: 15_000 })
        .toMatch(/Reconnecting|Connecting/)
      await server.resume()
      await expect.poll(() => status.first().textContent(), { timeout: 30_000 }).toBe('Live')
    } finally {
      await browser.close()
    }
  })
})
