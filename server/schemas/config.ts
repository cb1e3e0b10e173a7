import { Type, type Static } from '@fastify/type-provider-typebox'
import type { RuntimeConfig } from '../../common/config.ts'
import { Closed, Nullable, Timestamp, type Same } from './shared.ts'

/** `GET /api/config`: the browser's runtime configuration. */
export const RuntimeConfigSchema = Closed({
  realtime: Closed({
    key: Type.String(),
    host: Type.String(),
    port: Type.Integer(),
    scheme: Type.Union([Type.Literal('http'), Type.Literal('https')]),
    cluster: Type.String(),
  }),
  stripe: Closed({ publishableKey: Nullable(Type.String()) }),
  currency: Type.String(),
  push: Nullable(Closed({ publicKey: Type.String() })),
  fees: Closed({
    buyerPremiumPercent: Type.Number({ minimum: 0, maximum: 50 }),
    sellerFeePercent: Type.Number({ minimum: 0, maximum: 50 }),
  }),
  money: Closed({
    cardPayments: Type.Boolean(),
    payouts: Type.Boolean(),
    demoCredit: Type.Integer({ minimum: 0 }),
  }),
  /** Server clock, for countdown offsets. */
  serverTime: Timestamp,
})
const _runtimeConfig: Same<Static<typeof RuntimeConfigSchema>, RuntimeConfig> = true
