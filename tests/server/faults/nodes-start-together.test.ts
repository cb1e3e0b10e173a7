import { afterAll, describe, expect, it } from 'vitest'
import { onPostgres } from '../helpers.ts'
import { startOwnPostgres, type OwnPostgres } from './own-postgres.ts'
import { serverPorts, startServer, type ServerPorts, type ServerProcess } from './server-process.ts'
import pg from 'pg'

/**
 * Two API nodes started at the same moment on one fresh PostgreSQL (a deploy of several
 * replicas): both must come up. Migrations were already one-at-a-time; the local-mode demo seed
 * and its pictures were not, and the second node crashed on the first one's rows.
 */
describe.runIf(onPostgres)('two nodes starting together on a fresh database', () => {
  let cluster: OwnPostgres | undefined
  const ports: ServerPorts[] = []
  const servers: ServerProcess[] = []

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.kill()))
    cluster?.destroy()
    for (const p of ports) p.dispose()
  })

  it('both serve, and the demo data is there once', async () => {
    cluster = await startOwnPostgres()
    const url = await cluster.createDatabase('lotline_two_nodes')
    ports.push(await serverPorts(), await serverPorts())
    for (const p of ports) servers.push(startServer(p, { DATABASE_URL: url }))
    await Promise.all(servers.map((s) => s.healthy(90_000)))

    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      const users = await client.query<{ email: string; n: number }>(
        `select email, count(*)::int as n from users group by email`,
      )
      // The admin and three members, each once.
      expect(users.rows).toHaveLength(4)
      expect(users.rows.every((r) => r.n === 1)).toBe(true)
      // Each demo lot got its pictures from one node, not one set per node.
      const pictures = await client.query<{ lot_id: string; n: number }>(
        `select lot_id, count(*)::int as n from lot_pictures group by lot_id`,
      )
      expect(pictures.rows.length).toBeGreaterThan(0)
      expect(new Set(pictures.rows.map((r) => r.n))).toEqual(new Set([2]))
    } finally {
      await client.end()
    }
    for (const server of servers) {
      expect((await fetch(`${server.baseUrl}/api/lots`)).status).toBe(200)
    }
  }, 150_000)
})
