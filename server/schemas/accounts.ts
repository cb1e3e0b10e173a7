import { Type, type Static } from '@fastify/type-provider-typebox'
import type { PublicUser } from '../../common/accounts.ts'
import { Closed, Timestamp, type Same } from './shared.ts'

/** Response schemas of the account routes (server/routes/auth). */
export const PublicUserSchema = Closed({
  id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  role: Type.Union([Type.Literal('member'), Type.Literal('admin')]),
  /** Public bidder alias, e.g. "Bidder 7F3A"; never the email. */
  alias: Type.String(),
  createdAt: Timestamp,
  /** The address was proven by a mailed link (card top-ups and payouts wait for it). */
  emailVerified: Type.Boolean(),
})
const _publicUser: Same<Static<typeof PublicUserSchema>, PublicUser> = true

/** `POST /api/auth/register`, `POST /api/auth/login` and `GET /api/me`. */
export const UserResponseSchema = Closed({ user: PublicUserSchema })

/** `GET /api/session`: who is signed in, or `null` for a guest (an answer, not an error). */
export const SessionResponseSchema = Closed({ user: Type.Union([PublicUserSchema, Type.Null()]) })
