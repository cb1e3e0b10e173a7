import type { FastifyPluginAsync } from 'fastify'
import type { RuntimeConfig } from '../../../common/config.ts'
import type { Config } from '../../config.ts'

/**
 * The browser's runtime configuration, so one build deploys anywhere. With the embedded real-time
 * service the browser connects to the host it loaded the page from.
 */
const configRoutes: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  app.get('/config', async (request, reply): Promise<RuntimeConfig> => {
    reply.header('Cache-Control', 'no-store')
    return {
      realtime: {
        key: config.pusher.key,
        host: config.pusher.host ?? request.hostname.replace(/:\d+$/, ''),
        port: config.pusher.port,
        scheme: config.pusher.scheme,
        cluster: config.pusher.cluster,
      },
      stripe: { publishableKey: config.stripe.publishableKey ?? null },
      currency: config.currency,
      serverTime: new Date().toISOString(),
    }
  })
}

export default configRoutes
