import { afterAll, describe, expect, it } from 'vitest'
import { setTimeout as sleep } from 'node:timers/promises'
import { freePort } from '../../free-port.ts'
import { serverPorts, startServer, type ServerPorts } from './server-process.ts'

/**
 * `server/main.ts` with PostgreSQL unreachable at start: it waits DATABASE_START_TIMEOUT_SECONDS
 * with backoff, then exits non-zero with one sentence saying what to check — never a stack trace,
 * never the password. (Needs no database: nothing listens on the port it is given.)
 */
describe('server start with the database unreachable', () => {
  let ports: ServerPorts | undefined
  afterAll(() => ports?.dispose())

  it('retries for the configured time, then exits 1 naming DATABASE_URL', async () => {
    ports = await serverPorts()
    const nobody = await freePort()
    const started = Date.now()
    const server = startServer(ports, {
      DATABASE_URL: `postgres://lotline:s3cret-password@127.0.0.1:${nobody}/lotline`,
      DATABASE_START_TIMEOUT_SECONDS: '2',
    })
    const code = await Promise.race([server.exited, sleep(20_000).then(() => 'hung')])
    await server.kill()
    const output = server.output()
    expect(code).toBe(1)
    // It waited (retrying) instead of giving up at the first refusal.
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000)
    expect(output).toMatch(/PostgreSQL is not reachable yet .*ECONNREFUSED.*retrying in \d+ ms/)
    expect(output).toContain(
      `Cannot reach the database at postgres://lotline:***@127.0.0.1:${nobody}/lotline`,
    )
    expect(output).toContain('Check DATABASE_URL')
    expect(output).not.toContain('s3cret-password')
    expect(output).not.toMatch(/\n\s+at /)
  }, 30_000)
})
