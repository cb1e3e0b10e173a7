import { afterAll, describe, expect, it } from 'vitest'
import { setTimeout as sleep } from 'node:timers/promises'
import { onPostgres } from '../helpers.ts'
import { startOwnPostgres, type OwnPostgres } from './own-postgres.ts'
import { serverPorts, startServer, type ServerPorts, type ServerProcess } from './server-process.ts'

/**
 * The API container starting before its database (compose, a failover): the server waits with
 * backoff within DATABASE_START_TIMEOUT_SECONDS and comes up once PostgreSQL does.
 */
describe.runIf(onPostgres)('server start before its database', () => {
  let cluster: OwnPostgres | undefined
  let ports: ServerPorts | undefined
  let server: ServerProcess | undefined

  afterAll(async () => {
    await server?.kill()
    cluster?.destroy()
    ports?.dispose()
  })

  it('waits for PostgreSQL and then serves, without a restart', async () => {
    cluster = await startOwnPostgres()
    const url = await cluster.createDatabase('lotline_late')
    await cluster.stop()
    ports = await serverPorts()
    server = startServer(ports, { DATABASE_URL: url, DATABASE_START_TIMEOUT_SECONDS: '60' })
    const deadline = Date.now() + 20_000
    while (!/not reachable yet/.test(server.output()) && Date.now() < deadline) await sleep(100)
    // Still trying, a little later: not exited, not serving.
    await sleep(1_000)
    expect(server.output()).toMatch(/PostgreSQL is not reachable yet/)
    expect(await fetch(`${server.baseUrl}/health`).catch(() => 'refused')).toBe('refused')
    expect(server.child.exitCode).toBeNull()

    await cluster.start()
    await server.healthy(20_000)
    const lots = await fetch(`${server.baseUrl}/api/lots`)
    expect(lots.status).toBe(200)
  }, 60_000)
})
