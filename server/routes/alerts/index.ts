import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { isAlertGroup } from '../../../common/alerts.ts'
import { UUID_PATTERN } from '../../../common/wire.ts'
import type { Database } from '../../db/types.ts'
import { AppError } from '../../lib/problem.ts'
import { isUnsubscribeSignature } from '../../mail/alerts/unsubscribe-link.ts'
import { unsubscribePage } from '../../mail/templates/unsubscribe-page.ts'
import {
  alertPreferencesOf,
  saveAlertPreferences,
  turnEmailOff,
} from '../../repositories/alert-preferences.ts'
import { AlertPreferencesSchema } from '../../schemas/alerts.ts'
import { responses } from '../../schemas/shared.ts'

const UnsubscribeQuery = Type.Object(
  {
    u: Type.String({ pattern: UUID_PATTERN }),
    g: Type.String({ minLength: 1, maxLength: 32 }),
    s: Type.String({ minLength: 1, maxLength: 128 }),
  },
  { additionalProperties: false },
)
const Html = Type.String({ description: 'A small HTML page.' })

/**
 * Account → Alerts (in-app and e-mail switches; docs/product.md "What Lotline tells you") and the
 * one-click unsubscribe of alert mails (RFC 8058; docs/security.md "Unsubscribe links").
 */
const alertRoutes: FastifyPluginAsyncTypebox<{ db: Database; secret: string }> = async (
  app,
  { db, secret },
) => {
  // RFC 8058: the mail client posts `List-Unsubscribe=One-Click` as a form (multipart or
  // urlencoded); the link itself carries everything, so the body is read and set aside.
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    app.addContentTypeParser(
      type,
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, _body, done) => done(null, {}),
    )
  }

  app.get(
    '/me/alerts',
    { schema: { response: responses({ 200: AlertPreferencesSchema }) } },
    async (request) => alertPreferencesOf(db, (await request.requireUser()).id),
  )

  app.put(
    '/me/alerts',
    {
      schema: {
        body: AlertPreferencesSchema,
        response: responses({ 200: AlertPreferencesSchema }),
      },
    },
    async (request) => {
      const user = await request.requireUser()
      return saveAlertPreferences(db, user.id, request.body)
    },
  )

  /** The member and group a link names, once its signature holds; 400 otherwise. */
  async function signedTarget(query: { u: string; g: string; s: string }) {
    if (!isAlertGroup(query.g) || !isUnsubscribeSignature(secret, query.u, query.g, query.s)) {
      throw new AppError(400, 'bad_request', 'This unsubscribe link is not valid.')
    }
    const { rows } = await db.query<{ lang: string }>('select lang from users where id = $1', [
      query.u,
    ])
    if (!rows[0]) throw new AppError(400, 'bad_request', 'This unsubscribe link is not valid.')
    return { userId: query.u, group: query.g, lang: rows[0].lang }
  }

  // A visit only asks: scanners follow links, so a GET never changes anything.
  app.get(
    '/mail/unsubscribe',
    { schema: { querystring: UnsubscribeQuery, response: responses({ 200: Html }) } },
    async (request, reply) => {
      const target = await signedTarget(request.query)
      // The same link, rebuilt from its checked parts (relative: the page is at …/mail/).
      const { u, g, s } = request.query
      const action = `unsubscribe?${new URLSearchParams({ u, g, s }).toString()}`
      void reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store')
      return unsubscribePage(target.lang, target.group, { confirmAction: action })
    },
  )

  // No session and no CSRF header (a mail client posts this): the signature is the authority.
  app.post(
    '/mail/unsubscribe',
    {
      config: { csrf: false },
      schema: { querystring: UnsubscribeQuery, response: responses({ 200: Html }) },
    },
    async (request, reply) => {
      const target = await signedTarget(request.query)
      await turnEmailOff(db, target.userId, target.group)
      void reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store')
      return unsubscribePage(target.lang, target.group, { confirmAction: null })
    },
  )
}

export default alertRoutes
