/**
 * The HTTP API the official `pusher` server SDKs call, on the same port as the WebSocket
 * endpoint. Responses follow Pusher's: `200 {}` or an info object; 400 for invalid input,
 * 401 for bad signatures, 404 for unknown apps/paths, 413 for oversize data.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AppState } from './app-state.js'
import { verifySignedRequest } from './http-signature.js'
import {
  MAX_EVENT_NAME_LENGTH,
  channelKind,
  isValidChannelName,
  userIdFromChannel,
} from './names.js'
import type { ResolvedOptions } from './options.js'
import { Codes, encodeFrame } from './protocol.js'
import { SOCKET_ID_PATTERN } from './signatures.js'

/** Pusher's documented limits for the events API. */
export const MAX_CHANNELS_PER_EVENT = 100
export const MAX_BATCH_SIZE = 10
/** Hard cap on request bodies (a full batch of 10 × 10 KB events fits comfortably). */
const MAX_BODY_BYTES = 1024 * 1024

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

type Json = Record<string, unknown>

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body)
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  })
  res.end(text)
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_BODY_BYTES) {
        reject(new HttpError(413, 'Request body too large'))
        req.destroy()
        return
      }
      chunks.push(chunk)
    })
    req.on('end', () => resolve(Buffer.concat(chunks)))
    req.on('error', reject)
  })
}

export type HttpHandler = (req: IncomingMessage, res: ServerResponse) => void

export function createHttpHandler(
  options: ResolvedOptions,
  appsById: Map<string, AppState>,
  stats: () => object,
): HttpHandler {
  const { logger } = options

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const rawUrl = req.url ?? '/'
    const q = rawUrl.indexOf('?')
    const path = q < 0 ? rawUrl : rawUrl.slice(0, q)
    const rawQuery = q < 0 ? '' : rawUrl.slice(q + 1)
    const method = (req.method ?? 'GET').toUpperCase()

    if (method === 'GET' && (path === '/' || path === '/health' || path === '/ready')) {
      return sendJson(res, 200, { ok: true, ...stats() })
    }

    const m = /^\/apps\/([^/]+)(\/.*)$/.exec(path)
    if (!m?.[1] || !m[2]) throw new HttpError(404, 'Not found')
    const state = appsById.get(decodeURIComponent(m[1]))
    if (!state) throw new HttpError(404, 'Unknown app')
    const route = m[2]

    const rawBody = await readBody(req)
    const check = verifySignedRequest({
      method,
      path,
      rawQuery,
      rawBody,
      app: state.app,
      toleranceSeconds: options.timestampToleranceSeconds,
    })
    if (!check.ok) throw new HttpError(401, check.reason)
    const query = new URLSearchParams(rawQuery)

    const expect = (wanted: string) => {
      if (method !== wanted) throw new HttpError(405, `Use ${wanted} for ${route}`)
    }
    const body = (): Json => {
      let parsed: unknown
      try {
        parsed = JSON.parse(rawBody.toString('utf8'))
      } catch {
        throw new HttpError(400, 'Body is not valid JSON')
      }
      if (!isObject(parsed)) throw new HttpError(400, 'Body must be a JSON object')
      return parsed
    }

    if (route === '/events') {
      expect('POST')
      return sendJson(res, 200, triggerEvent(state, body(), options.maxMessageBytes, true))
    }
    if (route === '/batch_events') {
      expect('POST')
      const { batch } = body()
      if (!Array.isArray(batch) || batch.length === 0) {
        throw new HttpError(400, 'batch must be a non-empty array')
      }
      if (batch.length > MAX_BATCH_SIZE) {
        throw new HttpError(400, `Batch too large: at most ${MAX_BATCH_SIZE} events`)
      }
      // Validate every event before publishing any, so a bad batch publishes nothing.
      const events = batch.map((e: unknown) => {
        if (!isObject(e)) throw new HttpError(400, 'Every batch item must be an object')
        return validateEvent(e, options.maxMessageBytes, false)
      })
      const results = events.map((e) => publish(state, e))
      const wantsInfo = events.some((e) => e.info.length > 0)
      return sendJson(res, 200, wantsInfo ? { batch: results.map((r) => r ?? {}) } : {})
    }
    if (route === '/channels') {
      expect('GET')
      return sendJson(res, 200, listChannels(state, query))
    }
    const usersMatch = /^\/channels\/([^/]+)\/users$/.exec(route)
    if (usersMatch?.[1]) {
      expect('GET')
      const name = decodeURIComponent(usersMatch[1])
      if (channelKind(name) !== 'presence') {
        throw new HttpError(400, 'Users can only be listed for presence channels')
      }
      const members = state.channels.get(name)?.members
      return sendJson(res, 200, { users: [...(members?.keys() ?? [])].map((id) => ({ id })) })
    }
    const channelMatch = /^\/channels\/([^/]+)$/.exec(route)
    if (channelMatch?.[1]) {
      expect('GET')
      return sendJson(res, 200, channelInfo(state, decodeURIComponent(channelMatch[1]), query))
    }
    const terminateMatch = /^\/users\/([^/]+)\/terminate_connections$/.exec(route)
    if (terminateMatch?.[1]) {
      expect('POST')
      const userId = decodeURIComponent(terminateMatch[1])
      // 4009: the app kicked this user; pusher-js must not silently reconnect.
      for (const conn of [...(state.users.get(userId) ?? [])]) {
        conn.close(Codes.UNAUTHORIZED, 'You got disconnected by the app')
      }
      return sendJson(res, 200, {})
    }
    throw new HttpError(404, 'Not found')
  }

  return (req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (err instanceof HttpError) {
        if (!res.headersSent) sendJson(res, err.status, { error: err.message })
        return
      }
      logger.error({ err }, 'realtime: HTTP API handler failed')
      if (!res.headersSent) sendJson(res, 500, { error: 'Internal error' })
    })
  }
}

interface ValidEvent {
  name: string
  data: string
  channels: string[]
  socketId: string | undefined
  info: string[]
}

function parseInfo(info: unknown): string[] {
  if (info === undefined || info === '') return []
  if (typeof info !== 'string') throw new HttpError(400, 'info must be a comma-separated string')
  const attrs = info.split(',').map((s) => s.trim())
  for (const a of attrs) {
    if (a !== 'user_count' && a !== 'subscription_count') {
      throw new HttpError(400, `Unsupported info attribute ${a}`)
    }
  }
  return attrs
}

function validateEvent(e: Json, maxDataBytes: number, multiChannel: boolean): ValidEvent {
  const { name, data, socket_id: socketId } = e
  if (typeof name !== 'string' || name === '') throw new HttpError(400, 'name is required')
  if (name.length > MAX_EVENT_NAME_LENGTH) {
    throw new HttpError(400, `Event name longer than ${MAX_EVENT_NAME_LENGTH} characters`)
  }
  if (typeof data !== 'string') throw new HttpError(400, 'data must be a string')
  if (Buffer.byteLength(data, 'utf8') > maxDataBytes) {
    throw new HttpError(413, `Event data exceeds ${maxDataBytes} bytes`)
  }
  let channels: unknown
  if (multiChannel && e.channels !== undefined) channels = e.channels
  else if (e.channel !== undefined) channels = [e.channel]
  if (!Array.isArray(channels) || channels.length === 0) {
    throw new HttpError(
      400,
      multiChannel ? 'channels must be a non-empty array' : 'channel is required',
    )
  }
  if (channels.length > MAX_CHANNELS_PER_EVENT) {
    throw new HttpError(400, `At most ${MAX_CHANNELS_PER_EVENT} channels per event`)
  }
  for (const c of channels) {
    if (!isValidChannelName(c))
      throw new HttpError(400, `Invalid channel name: ${String(c).slice(0, 210)}`)
  }
  if (
    socketId !== undefined &&
    (typeof socketId !== 'string' || !SOCKET_ID_PATTERN.test(socketId))
  ) {
    throw new HttpError(400, 'Invalid socket_id')
  }
  const info = parseInfo(e.info)
  return { name, data, channels: channels as string[], socketId, info }
}

function triggerEvent(state: AppState, body: Json, maxDataBytes: number, multi: boolean) {
  const event = validateEvent(body, maxDataBytes, multi)
  return publish(state, event) ?? {}
}

/** Fan out; returns the per-channel info object when `info` was requested. */
function publish(state: AppState, e: ValidEvent): Json | undefined {
  for (const channel of e.channels) {
    const frame = encodeFrame({ event: e.name, channel, data: e.data })
    const userId = userIdFromChannel(channel)
    if (userId !== undefined) state.publishToUser(userId, frame, e.socketId)
    else state.publish(channel, frame, e.socketId)
  }
  if (e.info.length === 0) return undefined
  const channels: Json = {}
  for (const channel of e.channels) channels[channel] = infoFor(state, channel, e.info, false)
  return { channels }
}

function infoFor(state: AppState, name: string, attrs: string[], strict: boolean): Json {
  const ch = state.channels.get(name)
  const out: Json = {}
  for (const a of attrs) {
    if (a === 'user_count') {
      if (channelKind(name) !== 'presence') {
        if (strict) throw new HttpError(400, 'user_count is only available for presence channels')
        continue
      }
      out.user_count = ch?.members?.size ?? 0
    } else if (a === 'subscription_count') {
      out.subscription_count = ch?.subscribers.size ?? 0
    }
  }
  return out
}

function channelInfo(state: AppState, name: string, query: URLSearchParams): Json {
  if (!isValidChannelName(name)) throw new HttpError(400, 'Invalid channel name')
  const attrs = parseInfo(query.get('info') ?? undefined)
  const ch = state.channels.get(name)
  return { occupied: (ch?.subscribers.size ?? 0) > 0, ...infoFor(state, name, attrs, true) }
}

function listChannels(state: AppState, query: URLSearchParams): Json {
  const prefix = query.get('filter_by_prefix') ?? ''
  const attrs = parseInfo(query.get('info') ?? undefined)
  if (attrs.includes('user_count') && !prefix.startsWith('presence-')) {
    throw new HttpError(400, 'user_count requires filter_by_prefix=presence-')
  }
  const channels: Json = {}
  for (const [name, ch] of state.channels) {
    if (!name.startsWith(prefix) || ch.subscribers.size === 0) continue
    channels[name] = infoFor(state, name, attrs, true)
  }
  return { channels }
}
