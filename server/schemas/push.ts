import { Type, type Static } from '@fastify/type-provider-typebox'
import type { PushDevice, PushPreferences } from '../../common/push.ts'
import { Closed, Timestamp, type Same } from './shared.ts'

/** Response schemas of Web Push (decision 0032): a member's devices and switches. */

/** One device as the member sees it: never its endpoint or keys. */
export const PushDeviceSchema = Closed({
  id: Type.String(),
  device: Type.String(),
  browser: Type.String(),
  createdAt: Timestamp,
  current: Type.Boolean(),
})
const _device: Same<Static<typeof PushDeviceSchema>, PushDevice> = true

/** `GET /api/push/subscriptions`, newest first. */
export const PushDeviceListSchema = Closed({ items: Type.Array(PushDeviceSchema) })
const _devices: Same<Static<typeof PushDeviceListSchema>, { items: PushDevice[] }> = true

/** `GET` / `PUT /api/push/preferences`: all four switches. */
export const PushPreferencesSchema = Closed({
  outbid: Type.Boolean(),
  endingSoon: Type.Boolean(),
  result: Type.Boolean(),
  topUp: Type.Boolean(),
})
const _preferences: Same<Static<typeof PushPreferencesSchema>, PushPreferences> = true
