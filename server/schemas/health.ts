import { Type } from '@fastify/type-provider-typebox'
import { Closed } from './shared.ts'

const Check = Type.Union([Type.Literal('ok'), Type.Literal('down')])

/** `GET /health`: 200 when every dependency answers, 503 (same body) naming what does not. */
export const HealthSchema = Closed({
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
  database: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]),
  /** Each dependency checked (the database, the real-time service, Stripe...) and its state. */
  dependencies: Type.Record(Type.String(), Check),
  uptimeSeconds: Type.Integer(),
})
