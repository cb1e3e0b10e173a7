import { createHmac, randomUUID } from 'node:crypto'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import type { PublicUser } from '../../common/accounts.ts'
import type { Database } from '../../server/db/types.ts'
import { Broadcaster } from '../../server/lib/broadcaster.ts'
import { unauthenticated } from '../../server/lib/problem.ts'
import errorHandler from '../../server/plugins/error-handler.ts'
import broadcastingRoutes from '../../server/routes/broadcasting/index.ts'

/**
 * Who may subscribe to which private or presence channel, and what the signature the real-time
 * service checks is made of — the routes alone on a bare Fastify, with a stand-in session and a
 * stand-in lots table, so the file is fast enough for mutation testing (docs/testing.md). The
 * whole path with pusher-js and the real service is in broadcasting.test.ts.
 */

const KEY = 'test-key'
const SECRET = 'test-secret'
const SOCKET = '1234.5678'

const alice: PublicUser = {
  id: randomUUID(),
  name: 'Alice',
  email: 'alice@example.test',
  role: 'member',
  alias: 'Bidder A11C',
  createdAt: new Date(0).toISOString(),
  emailVerified: true,
}
const existingLot = randomUUID()

/** Only the query lotExists makes: one row when the id is the existing lot's. */
const db = {
  query: async (_sql: string, params: unknown[]) => ({
    rows: [],
    rowCount: params[0] === existingLot ? 1 : 0,
  }),
} as unknown as Database

const sign = (text: string) => createHmac('sha256', SECRET).update(text).digest('hex')

let app: FastifyInstance | undefined

/**
 * A fresh app per test, not one per file: the routes' registration (the form parser and its
 * limit) then runs inside each test, where mutation testing can see which test covers it.
 */
async function makeApp(): Promise<FastifyInstance> {
  const server = Fastify().withTypeProvider<TypeBoxTypeProvider>()
  await server.register(errorHandler)
  // The session plugin's contract: the signed-in member, or 401. Here a header says who is in.
  server.decorateRequest('requireUser', async function (this: FastifyRequest) {
    if (this.headers['x-test-user'] !== alice.id) throw unauthenticated()
    return alice
  })
  const broadcaster = new Broadcaster({
    appId: 'test',
    key: KEY,
    secret: SECRET,
    host: '127.0.0.1',
    port: 1,
    scheme: 'http',
    cluster: 'mt1',
    embedded: true,
  })
  await server.register(broadcastingRoutes, { db, broadcaster, prefix: '/broadcasting' })
  await server.ready()
  app = server
  return server
}
afterEach(async () => {
  await app?.close()
  app = undefined
})

const asAlice = { 'x-test-user': alice.id }

async function authorize(channel: string, headers: Record<string, string> = asAlice) {
  const server = await makeApp()
  return server.inject({
    method: 'POST',
    url: '/broadcasting/auth',
    headers,
    payload: { socket_id: SOCKET, channel_name: channel },
  })
}

describe('POST /broadcasting/auth', () => {
  it('asks a guest to sign in', async () => {
    const res = await authorize(`private-wallet.${alice.id}`, {})
    expect(res.statusCode).toBe(401)
    expect(res.json().code).toBe('unauthenticated')
  })

  it('signs the member’s own wallet channel, without presence data', async () => {
    const channel = `private-wallet.${alice.id}`
    const res = await authorize(channel)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ auth: `${KEY}:${sign(`${SOCKET}:${channel}`)}` })
  })

  it('refuses another member’s wallet channel', async () => {
    const res = await authorize(`private-wallet.${randomUUID()}`)
    expect(res.statusCode).toBe(403)
    expect(res.json()).toMatchObject({
      code: 'forbidden',
      detail: 'You may not join this channel.',
    })
  })

  it('signs the room of a lot that exists, with the member’s alias as presence data', async () => {
    const channel = `presence-lot.${existingLot}`
    const res = await authorize(channel)
    expect(res.statusCode).toBe(200)
    const body = res.json<{ auth: string; channel_data: string }>()
    expect(JSON.parse(body.channel_data)).toEqual({
      user_id: alice.id,
      user_info: { alias: alice.alias },
    })
    expect(body.auth).toBe(`${KEY}:${sign(`${SOCKET}:${channel}:${body.channel_data}`)}`)
    // Never the name or the email: others in the room see only the alias.
    expect(body.channel_data).not.toContain(alice.email)
  })

  it('refuses the room of a lot that does not exist', async () => {
    const res = await authorize(`presence-lot.${randomUUID()}`)
    expect(res.statusCode).toBe(403)
    expect(res.json().code).toBe('forbidden')
  })

  it.each(['private-admin', `private-lot.${existingLot}`, 'presence-lobby'])(
    'refuses %s, a private or presence channel that is not listed',
    async (channel) => {
      const res = await authorize(channel)
      expect(res.statusCode).toBe(403)
      expect(res.json().code).toBe('forbidden')
    },
  )

  it.each(['lots', `lot.${existingLot}`, `xprivate-wallet.${alice.id}`])(
    'answers 400 for %s, a public channel',
    async (channel) => {
      const res = await authorize(channel)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({
        code: 'bad_request',
        detail: 'Public channels need no authorization.',
      })
    },
  )

  it('answers 422 naming the field for a socket id or channel name that is not valid', async () => {
    const server = await makeApp()
    const badSocket = await server.inject({
      method: 'POST',
      url: '/broadcasting/auth',
      headers: asAlice,
      payload: { socket_id: 'abc', channel_name: `private-wallet.${alice.id}` },
    })
    expect(badSocket.statusCode).toBe(422)
    expect(badSocket.json()).toMatchObject({
      code: 'validation_failed',
      errors: { socket_id: 'Is not in a valid format.' },
    })
    const longChannel = await server.inject({
      method: 'POST',
      url: '/broadcasting/auth',
      headers: asAlice,
      payload: { socket_id: SOCKET, channel_name: `private-${'x'.repeat(200)}` },
    })
    expect(longChannel.statusCode).toBe(422)
    expect(Object.keys(longChannel.json().errors)).toEqual(['channel_name'])
  })

  it('reads the form body pusher-js posts by default', async () => {
    const channel = `private-wallet.${alice.id}`
    const res = await (
      await makeApp()
    ).inject({
      method: 'POST',
      url: '/broadcasting/auth',
      headers: { ...asAlice, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ socket_id: SOCKET, channel_name: channel }).toString(),
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().auth).toBe(`${KEY}:${sign(`${SOCKET}:${channel}`)}`)
  })

  it('refuses a form body over 4 KiB', async () => {
    const form = new URLSearchParams({
      socket_id: SOCKET,
      channel_name: `private-wallet.${alice.id}`,
      padding: 'x'.repeat(4096),
    })
    const res = await (
      await makeApp()
    ).inject({
      method: 'POST',
      url: '/broadcasting/auth',
      headers: { ...asAlice, 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    })
    expect(res.statusCode).toBe(413)
  })
})

describe('POST /broadcasting/user-auth', () => {
  it('asks a guest to sign in', async () => {
    const res = await (
      await makeApp()
    ).inject({
      method: 'POST',
      url: '/broadcasting/user-auth',
      payload: { socket_id: SOCKET },
    })
    expect(res.statusCode).toBe(401)
  })

  it('answers 422 for a socket id that is not valid', async () => {
    const res = await (
      await makeApp()
    ).inject({
      method: 'POST',
      url: '/broadcasting/user-auth',
      headers: asAlice,
      payload: { socket_id: '1234' },
    })
    expect(res.statusCode).toBe(422)
    expect(res.json()).toMatchObject({
      code: 'validation_failed',
      errors: { socket_id: 'Is not in a valid format.' },
    })
  })

  it('signs the member in to the real-time service under their id and alias', async () => {
    const res = await (
      await makeApp()
    ).inject({
      method: 'POST',
      url: '/broadcasting/user-auth',
      headers: asAlice,
      payload: { socket_id: SOCKET },
    })
    expect(res.statusCode).toBe(200)
    const body = res.json<{ auth: string; user_data: string }>()
    expect(JSON.parse(body.user_data)).toEqual({ id: alice.id, user_info: { alias: alice.alias } })
    expect(body.auth).toBe(`${KEY}:${sign(`${SOCKET}::user::${body.user_data}`)}`)
  })
})
