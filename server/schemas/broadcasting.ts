import { Type, type Static } from '@fastify/type-provider-typebox'
import type Pusher from 'pusher'
import { Closed, type Same } from './shared.ts'

/** `POST /broadcasting/auth`: the Pusher signature for a private or presence channel. */
export const ChannelAuthSchema = Closed({
  auth: Type.String(),
  /** Presence channels: the member as others in the room see them (JSON text). */
  channel_data: Type.Optional(Type.String()),
  /** Encrypted channels only (none are authorized today). */
  shared_secret: Type.Optional(Type.String()),
})
const _channelAuth: Same<Static<typeof ChannelAuthSchema>, Pusher.ChannelAuthResponse> = true

/** `POST /broadcasting/user-auth`: the Pusher user sign-in signature. */
export const UserAuthSchema = Closed({ auth: Type.String(), user_data: Type.String() })
const _userAuth: Same<Static<typeof UserAuthSchema>, Pusher.UserAuthResponse> = true
