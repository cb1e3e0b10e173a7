import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import type { Payout } from '../../../common/money-out.ts'
import { REPLAYED_HEADER } from '../../../common/config.ts'
import { NUMERIC_CURSOR_PATTERN } from '../../../common/wire.ts'
import {
  connectPayoutAccount,
  refreshPayoutAccount,
} from '../../commands/wallet/payouts/payout-account.ts'
import { requestPayout } from '../../commands/wallet/payouts/request-payout.ts'
import type { MoneyOutDeps } from '../../commands/wallet/top-ups/payments.ts'
import { requireStripe } from '../../commands/wallet/top-ups/payments.ts'
import type { Limit } from '../../lib/attempt-limiter.ts'
import { idempotencyKeyOf } from '../../lib/idempotent.ts'
import { perMember } from '../../lib/member-limit.ts'
import { AppError } from '../../lib/problem.ts'
import { requireVerifiedEmail } from '../../lib/verified.ts'
import { payoutAccountOf } from '../../repositories/money-out.ts'
import { payoutsPage, toPayout } from '../../repositories/payouts.ts'
import {
  PayoutAccountLinkSchema,
  PayoutAccountStateSchema,
  PayoutPageSchema,
  PayoutSchema,
} from '../../schemas/payouts.ts'
import { responses } from '../../schemas/shared.ts'

export const PAYOUTS_PAGE = 20

const PayoutBody = Type.Object(
  { amount: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) },
  { additionalProperties: false },
)
const AccountQuery = Type.Object(
  { refresh: Type.Optional(Type.Literal('1')) },
  { additionalProperties: false },
)
const PageQuery = Type.Object(
  { cursor: Type.Optional(Type.String({ pattern: NUMERIC_CURSOR_PATTERN })) },
  { additionalProperties: false },
)

export interface PayoutRouteDeps extends MoneyOutDeps {
  /** APP_URL: where Stripe sends the member back after onboarding. */
  appUrl: string | undefined
  basePath: string
  production: boolean
  /** Payout requests and onboarding starts per member (MONEY_OUT_LIMIT_PER_MEMBER). */
  moneyOutLimit: Limit
  /** Payout account reads that ask Stripe (like top-up reads). */
  readLimit: Limit
}

/** A Host header local mode may trust: a host name or address and an optional port. */
const LOCAL_HOST = /^(?:[a-z0-9_.-]{1,253}|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i

/**
 * The app's own address for Stripe's return links: APP_URL's origin and the base path; without
 * APP_URL only local mode falls back to the request's Host (production never trusts a header for
 * an address it sends people to).
 */
export function appBaseOf(deps: PayoutRouteDeps, request: FastifyRequest): string {
  if (deps.appUrl) return `${new URL(deps.appUrl).origin}${deps.basePath}`
  const host = request.headers.host
  if (deps.production || !host || !LOCAL_HOST.test(host)) {
    throw new AppError(
      503,
      'payments_not_configured',
      'Payouts need APP_URL: the address Stripe sends members back to.',
    )
  }
  return `${request.protocol}://${host.toLowerCase()}${deps.basePath}`
}

/**
 * Payouts (docs/product.md, "Payouts"): the member's payout account (Stripe Connect onboarding)
 * and payouts of withdrawable money to it.
 */
const payoutRoutes: FastifyPluginAsyncTypebox<PayoutRouteDeps> = async (app, deps) => {
  const moneyOutConfig = perMember('money-out', deps.moneyOutLimit)
  const readConfig = perMember('payout-account-read', deps.readLimit)

  app.post(
    '/wallet/payout-account',
    { schema: { response: responses({ 200: PayoutAccountLinkSchema }) }, config: moneyOutConfig },
    async (request) => {
      const user = await request.requireUser()
      requireStripe(deps.stripe)
      requireVerifiedEmail(user)
      const appBase = appBaseOf(deps, request)
      return connectPayoutAccount({ ...deps, log: request.log }, { userId: user.id, appBase })
    },
  )

  app.get(
    '/wallet/payout-account',
    {
      schema: { querystring: AccountQuery, response: responses({ 200: PayoutAccountStateSchema }) },
      config: readConfig,
    },
    async (request) => {
      const user = await request.requireUser()
      if (request.query.refresh && deps.stripe)
        return refreshPayoutAccount({ ...deps, log: request.log }, user.id)
      return payoutAccountOf(deps.db, user.id)
    },
  )

  app.post(
    '/wallet/payouts',
    {
      schema: { body: PayoutBody, response: responses({ 201: PayoutSchema }) },
      config: moneyOutConfig,
    },
    async (request, reply) => {
      const user = await request.requireUser()
      requireStripe(deps.stripe)
      requireVerifiedEmail(user)
      const key = idempotencyKeyOf(request.headers, true)
      const { payout, replayed } = await requestPayout(
        { ...deps, log: request.log },
        { userId: user.id, clientKey: key, amount: request.body.amount },
      )
      if (replayed) void reply.header(REPLAYED_HEADER, 'true')
      const body: Payout = toPayout(payout)
      return reply.status(201).send(body)
    },
  )

  app.get(
    '/wallet/payouts',
    { schema: { querystring: PageQuery, response: responses({ 200: PayoutPageSchema }) } },
    async (request) => {
      const user = await request.requireUser()
      const before = request.query.cursor ? Number(request.query.cursor) : undefined
      const page = await payoutsPage(deps.db, { userId: user.id }, before, PAYOUTS_PAGE)
      return { items: page.items.map(toPayout), nextCursor: page.nextCursor }
    },
  )
}

export default payoutRoutes
