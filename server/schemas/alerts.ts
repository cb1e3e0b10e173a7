import { Type, type Static } from '@fastify/type-provider-typebox'
import type { AlertPreferences } from '../../common/alerts.ts'
import { Closed, type Same } from './shared.ts'

/** One channel's switches, one per alert group (common/alerts.ts). */
const ChoicesSchema = Closed({
  outbid: Type.Boolean(),
  endingSoon: Type.Boolean(),
  result: Type.Boolean(),
  orders: Type.Boolean(),
  messages: Type.Boolean(),
  topUp: Type.Boolean(),
})

/** `GET` / `PUT /api/me/alerts`: in-app and e-mail switches (push: `/api/push/preferences`). */
export const AlertPreferencesSchema = Closed({ in_app: ChoicesSchema, email: ChoicesSchema })
const _preferences: Same<Static<typeof AlertPreferencesSchema>, AlertPreferences> = true
