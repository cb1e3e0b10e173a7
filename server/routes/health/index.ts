import type { FastifyPluginAsync } from 'fastify'
import type { Database } from '../../db/types.ts'
import { databaseAnswers } from '../../repositories/health.ts'
import { HealthSchema } from '../../schemas/health.ts'
import { PROBLEM_RESPONSES } from '../../schemas/shared.ts'

/** The same body with 200 (healthy) and 503 (degraded). */
const schema = { response: { 200: HealthSchema, 503: HealthSchema, ...PROBLEM_RESPONSES } }

export interface HealthOptions {
  db: Database
  /** Extra dependency checks (the real-time service, Stripe), each resolving to true when healthy. */
  checks?: Record<string, () => Promise<boolean>>
}

/** Liveness and dependencies: 200 when everything answers, 503 naming what does not. */
const healthRoutes: FastifyPluginAsync<HealthOptions> = async (app, { db, checks = {} }) => {
  app.get('/health', { schema }, async (_request, reply) => {
    const results: Record<string, 'ok' | 'down'> = {}
    const all = { database: () => databaseAnswers(db), ...checks }
    await Promise.all(
      Object.entries(all).map(async ([name, check]) => {
        results[name] = await check().then(
          (ok) => (ok ? 'ok' : 'down'),
          () => 'down' as const,
        )
      }),
    )
    const healthy = Object.values(results).every((r) => r === 'ok')
    reply.header('Cache-Control', 'no-store')
    return reply.status(healthy ? 200 : 503).send({
      status: healthy ? 'ok' : 'degraded',
      database: db.kind,
      dependencies: results,
      uptimeSeconds: Math.round(process.uptime()),
    })
  })
}

export default healthRoutes
