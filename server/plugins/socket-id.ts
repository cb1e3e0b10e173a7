import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { SOCKET_ID_HEADER } from '../../common/config.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** The sender's real-time socket (X-Socket-ID), left out of the events its request causes. */
    socketId: string | undefined
  }
}

const SOCKET_ID = /^\d+\.\d+$/

export default fp(async function socketId(app: FastifyInstance) {
  app.decorateRequest('socketId', undefined)
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const value = request.headers[SOCKET_ID_HEADER.toLowerCase()]
    request.socketId = typeof value === 'string' && SOCKET_ID.test(value) ? value : undefined
  })
})
