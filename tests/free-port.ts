import { createServer } from 'node:net'

/**
 * Ports below Linux's ephemeral range (32768–60999). A port `listen(0)` reports free is drawn
 * from that range, where every outgoing connection also takes its local port: the PostgreSQL and
 * Redis clients of suites running beside could take it before the server the test then starts
 * binds it (a browser suite's server once exited with EADDRINUSE so). Here nothing is handed
 * out but what a test asks for.
 */
const LOWEST = 20_000
const HIGHEST = 32_000

/** True when a server can listen on `port` at 127.0.0.1 right now. */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer()
    probe.unref()
    probe.once('error', () => resolve(false))
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)))
  })
}

/** A TCP port on 127.0.0.1 no one listens on, for a server a test or bench starts. */
export async function freePort(): Promise<number> {
  for (let tries = 0; tries < 100; tries++) {
    const port = LOWEST + Math.floor(Math.random() * (HIGHEST - LOWEST))
    if (await canListen(port)) return port
  }
  throw new Error(`no free port between ${LOWEST} and ${HIGHEST}`)
}
