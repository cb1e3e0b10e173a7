import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { UUID_PATTERN } from '../../../common/wire.ts'
import type { Database } from '../../db/types.ts'
import {
  removeDevice,
  setPushPreferences,
  subscribeDevice,
} from '../../commands/push/subscriptions.ts'
import { AppError, unauthenticated } from '../../lib/problem.ts'
import { PUSH_ENDPOINT_MAX_LENGTH } from '../../lib/push-endpoint.ts'
import { preferredLang } from '../../../common/accept-language.ts'
import { deviceLabels } from '../../lib/user-agent.ts'
import { listPushDevices, pushPreferencesOf, sessionPushLang } from '../../repositories/push.ts'
import {
  PushDeviceListSchema,
  PushDeviceSchema,
  PushPreferencesSchema,
} from '../../schemas/push.ts'
import { responses } from '../../schemas/shared.ts'

const NoContent = Type.Unsafe<undefined>({ type: 'null', description: 'Removed.' })

/** `PushSubscription.toJSON()` and the language the device's pushes are written in. */
const SubscribeBody = Type.Object(
  {
    endpoint: Type.String({ minLength: 1, maxLength: PUSH_ENDPOINT_MAX_LENGTH }),
    expirationTime: Type.Optional(
      Type.Union([Type.Integer({ minimum: 0, maximum: 8_640_000_000_000_000 }), Type.Null()]),
    ),
    keys: Type.Object(
      {
        p256dh: Type.String({ minLength: 1, maxLength: 128 }),
        auth: Type.String({ minLength: 1, maxLength: 64 }),
      },
      { additionalProperties: false },
    ),
    lang: Type.Optional(Type.Union([Type.Literal('en'), Type.Literal('es')])),
  },
  { additionalProperties: false },
)
const DeviceParams = Type.Object(
  { id: Type.String({ pattern: UUID_PATTERN }) },
  { additionalProperties: false },
)

/**
 * Web Push devices and switches (decision 0032). Everything here is the signed-in member's own;
 * a device belongs to the session it was subscribed in.
 */
const pushRoutes: FastifyPluginAsyncTypebox<{
  db: Database
  enabled: boolean
  allowedHosts: readonly string[]
}> = async (app, { db, enabled, allowedHosts }) => {
  const pushOn = () => {
    if (!enabled) throw new AppError(404, 'not_found', 'Push notifications are off on this server.')
  }

  app.post(
    '/push/subscriptions',
    {
      schema: {
        body: SubscribeBody,
        response: responses({ 200: PushDeviceSchema, 201: PushDeviceSchema }),
      },
    },
    async (request, reply) => {
      const user = await request.requireUser()
      pushOn()
      const sessionHash = request.sessionHash()
      if (!sessionHash) throw unauthenticated()
      const { device, created } = await subscribeDevice(db, {
        ...request.body,
        lang:
          request.body.lang ??
          (await sessionPushLang(db, sessionHash)) ??
          preferredLang(request.headers['accept-language']),
        userId: user.id,
        sessionHash,
        allowedHosts,
        labels: deviceLabels(request.headers['user-agent']),
      })
      return reply.status(created ? 201 : 200).send(device)
    },
  )

  app.get(
    '/push/subscriptions',
    { schema: { response: responses({ 200: PushDeviceListSchema }) } },
    async (request) => {
      const user = await request.requireUser()
      return { items: await listPushDevices(db, user.id, request.sessionHash()) }
    },
  )

  app.delete(
    '/push/subscriptions/:id',
    { schema: { params: DeviceParams, response: responses({ 204: NoContent }) } },
    async (request, reply) => {
      const user = await request.requireUser()
      await removeDevice(db, user.id, request.params.id)
      return reply.status(204).send()
    },
  )

  app.get(
    '/push/preferences',
    { schema: { response: responses({ 200: PushPreferencesSchema }) } },
    async (request) => {
      const user = await request.requireUser()
      return pushPreferencesOf(db, user.id)
    },
  )

  app.put(
    '/push/preferences',
    {
      schema: { body: PushPreferencesSchema, response: responses({ 200: PushPreferencesSchema }) },
    },
    async (request) => {
      const user = await request.requireUser()
      return setPushPreferences(db, user.id, request.body)
    },
  )
}

export default pushRoutes
