import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { IDEMPOTENCY_HEADER } from '../../../common/config.ts'
import { BALANCE_CAP, type Wallet } from '../../../common/wallet.ts'
import type { Database } from '../../db/types.ts'
import type { Broadcaster } from '../../lib/broadcaster.ts'
import { AppError, forbidden, notFound } from '../../lib/problem.ts'
import { findIdempotent, requestHash, storeIdempotent } from '../../repositories/idempotency.ts'
import { appendLedgerEntry } from '../../repositories/ledger.ts'
import { findUserById } from '../../repositories/users.ts'
import { lockWallets, walletOf } from '../../repositories/wallets.ts'
import { Publication } from '../../lib/publication.ts'

const Params = Type.Object({
  userId: Type.String({
    pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$',
  }),
})
const Body = Type.Object(
  {
    amount: Type.Integer({ minimum: -BALANCE_CAP, maximum: BALANCE_CAP, not: { const: 0 } }),
    reason: Type.String({ minLength: 3, maxLength: 200, pattern: '\\S' }),
  },
  { additionalProperties: false },
)
const SCOPE = 'admin-adjustment'

/**
 * `POST /api/admin/wallets/:userId/adjustments`: an admin credits or debits a wallet with a
 * reason, as an `adjustment` ledger entry. A debit may not take `available` below zero, a credit
 * may not take the balance over the cap; retried requests (same Idempotency-Key) apply once.
 */
const adminRoutes: FastifyPluginAsyncTypebox<{
  db: Database
  broadcaster: Broadcaster
  currency: string
}> = async (app, { db, broadcaster, currency }) => {
  app.post(
    '/admin/wallets/:userId/adjustments',
    { schema: { params: Params, body: Body } },
    async (request, reply) => {
      const admin = await request.requireUser()
      if (admin.role !== 'admin') throw forbidden('Only administrators can adjust wallets.')
      const key = request.headers[IDEMPOTENCY_HEADER.toLowerCase()]
      if (typeof key !== 'string' || key.length < 8 || key.length > 100) {
        throw new AppError(
          400,
          'idempotency_key_required',
          `Adjustments need an ${IDEMPOTENCY_HEADER} header.`,
        )
      }
      const { userId } = request.params
      const { amount, reason } = request.body
      const hash = requestHash([userId, amount, reason])
      const publication = new Publication()
      const result = await db.transaction(async (tx) => {
        const previous = await findIdempotent(tx, admin.id, SCOPE, key)
        if (previous) {
          if (previous.requestHash !== hash) {
            throw new AppError(
              422,
              'idempotency_key_reused',
              'This Idempotency-Key was used for another adjustment.',
            )
          }
          return { status: previous.statusCode, body: previous.response as { wallet: Wallet } }
        }
        if (!(await findUserById(tx, userId))) throw notFound('User')
        await lockWallets(tx, [userId])
        const before = await walletOf(tx, userId, currency)
        if (amount < 0 && before.available + amount < 0) {
          throw new AppError(
            422,
            'insufficient_funds',
            'The debit is larger than the available balance.',
            {
              amount: `At most ${before.available} can be debited now.`,
            },
          )
        }
        if (amount > 0 && before.balance + amount > BALANCE_CAP) {
          throw new AppError(
            422,
            'balance_cap_exceeded',
            'The credit would take the balance over the cap.',
          )
        }
        await appendLedgerEntry(tx, {
          userId,
          kind: 'adjustment',
          amount,
          reason,
          createdBy: admin.id,
        })
        const wallet = await walletOf(tx, userId, currency)
        publication.walletUpdated(userId, wallet)
        const body = { wallet }
        await storeIdempotent(tx, {
          userId: admin.id,
          scope: SCOPE,
          key,
          requestHash: hash,
          response: body,
          statusCode: 201,
        })
        return { status: 201, body }
      })
      await publication.send(broadcaster)
      return reply.status(result.status).send(result.body)
    },
  )
}

export default adminRoutes
