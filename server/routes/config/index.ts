import type { FastifyPluginAsync } from 'fastify'
import type { RuntimeConfig } from '../../../common/config.ts'
import { percentOf } from '../../../common/orders/fees.ts'
import type { Config } from '../../config.ts'
import { AppError } from '../../lib/problem.ts'
import { publicHostName } from '../../lib/public-host.ts'
import { RuntimeConfigSchema } from '../../schemas/config.ts'
import { responses } from '../../schemas/shared.ts'

const schema = { response: responses({ 200: RuntimeConfigSchema }) }

/**
 * The browser's runtime configuration, so one build deploys anywhere. With the embedded real-time
 * service the browser connects to the host it loaded the page from (APP_URL's, else the Host
 * header; never X-Forwarded-Host).
 */
const configRoutes: FastifyPluginAsync<{
  config: Config
  pushPublicKey: string | null
  /** Whether Stripe is there: card top-ups, refunds to cards and payouts (decision 0053). */
  cardPayments: boolean
}> = async (app, { config, pushPublicKey, cardPayments }) => {
  app.get('/config', { schema }, async (request, reply): Promise<RuntimeConfig> => {
    reply.header('Cache-Control', 'no-store')
    const host = config.pusher.host ?? publicHostName(config, request)
    if (!host) throw new AppError(400, 'bad_request', 'The Host header is not a valid host name.')
    return {
      realtime: {
        key: config.pusher.key,
        host,
        port: config.pusher.port,
        scheme: config.pusher.scheme,
        cluster: config.pusher.cluster,
      },
      stripe: { publishableKey: config.stripe.publishableKey ?? null },
      currency: config.currency,
      push: pushPublicKey ? { publicKey: pushPublicKey } : null,
      fees: {
        buyerPremiumPercent: percentOf(config.sales.fees.buyerPremiumBasisPoints),
        sellerFeePercent: percentOf(config.sales.fees.sellerFeeBasisPoints),
      },
      money: {
        cardPayments,
        payouts: cardPayments,
        demoCredit: config.moneyOut.demoCredit,
      },
      serverTime: new Date().toISOString(),
    }
  })
}

export default configRoutes
