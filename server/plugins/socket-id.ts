import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { SOCKET_ID_HEADER } from '../../common/config.ts'
import { isSocketId } from '../../common/wire.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** The sender's real-time socket (X-Socket-ID), left out of the events its request causes. */
    socketId: string | undefined
  }
}

export default fp(async function socketId(app: FastifyInstance) {
  app.decorateRequest('socketId', undefined)
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const value = request.headers[SOCKET_ID_HEADER.toLowerCase()]
    request.socketId = isSocketId(value) ? value : undefined
  })
})
