/**
 * The HTTP API the official `pusher` server SDKs call, on the same port as the WebSocket
 * endpoint. Responses follow Pusher's: `200 {}` or an info object; 400 for invalid input,
 * 401 for bad signatures, 404 for unknown apps/paths, 413 for oversize data. Routing and checks
 * here; events in http-events.ts, channel queries in http-channels.ts.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AppState } from './app-state.ts'
import { splitUrl } from './decode.ts'
import { discardRestOfBody, jsonObjectBody, readBody } from './http-body.ts'
import { channelInfo, channelUsers, listChannels } from './http-channels.ts'
import { HttpError, decodePathPart, sendJson } from './http-error.ts'
import { batchEvents, triggerEvent } from './http-events.ts'
import { verifyBodyMd5, verifySignedQuery } from './http-signature.ts'
import type { Json } from './json.ts'
import type { ResolvedOptions } from './options.ts'

export { MAX_BATCH_SIZE, MAX_CHANNELS_PER_EVENT } from './http-events.ts'

export type HttpHandler = (req: IncomingMessage, res: ServerResponse) => void

export function createHttpHandler(
  options: ResolvedOptions,
  appsById: Map<string, AppState>,
): HttpHandler {
  const { logger } = options

  /** The query's signature, checked against the app's secret (401 when it does not hold). */
  function verifiedQuery(state: AppState, method: string, path: string, rawQuery: string) {
    const check = verifySignedQuery({
      method,
      path,
      rawQuery,
      app: state.app,
      toleranceSeconds: options.timestampToleranceSeconds,
    })
    if (!check.ok) throw new HttpError(401, check.reason)
    return check
  }

  /** Stats of the app whose secret signed this request (GET / only, never unsigned). */
  function signedStats(method: string, path: string, rawQuery: string): Json {
    const authKey = new URLSearchParams(rawQuery).get('auth_key')
    const state = [...appsById.values()].find((s) => s.app.key === authKey)
    if (!state) throw new HttpError(401, 'Stats need a request signed with an app secret')
    verifiedQuery(state, method, path, rawQuery)
    return {
      connections: state.connections.size,
      channels: state.channels.size,
      users: state.users.size,
      // Cluster mode: this node's id, whether it is joined, how many nodes it sees.
      ...(state.peers ? { cluster: { ...state.peers.status() } } : {}),
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { path, rawQuery } = splitUrl(req.url)
    const method = (req.method ?? 'GET').toUpperCase()

    if (method === 'GET' && (path === '/health' || path === '/ready')) {
      return sendJson(res, 200, { ok: true })
    }
    if (method === 'GET' && path === '/') {
      return sendJson(res, 200, signedStats(method, path, rawQuery))
    }

    const m = /^\/apps\/([^/]+)(\/.*)$/.exec(path)
    if (!m?.[1] || !m[2]) throw new HttpError(404, 'Not found')
    const state = appsById.get(decodePathPart(m[1], 'app id'))
    if (!state) throw new HttpError(404, 'Unknown app')
    const route = m[2]

    // Everything that does not need the body is checked before reading it.
    const declared = Number(req.headers['content-length'] ?? 0)
    if (declared > options.maxBodyBytes) {
      throw new HttpError(413, `Request body exceeds ${options.maxBodyBytes} bytes`)
    }
    const check = verifiedQuery(state, method, path, rawQuery)
    const rawBody = await readBody(req, options.maxBodyBytes, options.bodyTimeoutMs)
    const md5 = verifyBodyMd5(check.bodyMd5, rawBody)
    if (!md5.ok) throw new HttpError(401, md5.reason)
    const query = new URLSearchParams(rawQuery)

    const expect = (wanted: string) => {
      if (method !== wanted) throw new HttpError(405, `Use ${wanted} for ${route.slice(0, 100)}`)
    }
    const body = () => jsonObjectBody(rawBody)

    if (route === '/events') {
      expect('POST')
      return sendJson(res, 200, triggerEvent(state, body(), options.maxMessageBytes, true))
    }
    if (route === '/batch_events') {
      expect('POST')
      return sendJson(res, 200, batchEvents(state, body(), options.maxMessageBytes))
    }
    if (route === '/channels') {
      expect('GET')
      return sendJson(res, 200, listChannels(state, query))
    }
    const usersMatch = /^\/channels\/([^/]+)\/users$/.exec(route)
    if (usersMatch?.[1]) {
      expect('GET')
      const name = decodePathPart(usersMatch[1], 'channel name')
      return sendJson(res, 200, channelUsers(state, name))
    }
    const channelMatch = /^\/channels\/([^/]+)$/.exec(route)
    if (channelMatch?.[1]) {
      expect('GET')
      const name = decodePathPart(channelMatch[1], 'channel name')
      return sendJson(res, 200, channelInfo(state, name, query))
    }
    const terminateMatch = /^\/users\/([^/]+)\/terminate_connections$/.exec(route)
    if (terminateMatch?.[1]) {
      expect('POST')
      const userId = decodePathPart(terminateMatch[1], 'user id')
      state.terminateUser(userId)
      return sendJson(res, 200, {})
    }
    throw new HttpError(404, 'Not found')
  }

  function fail(req: IncomingMessage, res: ServerResponse, err: unknown): void {
    const known = err instanceof HttpError
    if (!known)
      logger.error({ err, url: req.url?.slice(0, 200) }, 'realtime: HTTP API handler failed')
    if (res.headersSent || res.destroyed) return
    // A body that timed out is not worth waiting for: answer and close.
    if (known && err.status === 408) res.setHeader('connection', 'close')
    sendJson(res, known ? err.status : 500, { error: known ? err.message : 'Internal error' })
    if (!(known && err.status === 408)) discardRestOfBody(req, options.bodyTimeoutMs)
  }

  return (req, res) => {
    handle(req, res).then(
      // An answer that needed no body (health, stats) leaves it unread: drop the connection if
      // the rest does not arrive in time, or a trickled body would hold the socket for minutes.
      () => discardRestOfBody(req, options.bodyTimeoutMs),
      (err: unknown) => {
        try {
          fail(req, res, err)
        } catch (sendErr) {
          logger.error({ err: sendErr }, 'realtime: could not send the HTTP API error')
          res.destroy()
        }
      },
    )
  }
}
