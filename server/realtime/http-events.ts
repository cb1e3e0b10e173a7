/** `POST /events` and `/batch_events`: the events the app publishes, checked, then fanned out. */
import type { AppState } from './app-state.ts'
import { infoFor, parseInfo } from './http-channel-info.ts'
import { HttpError } from './http-error.ts'
import { isObject, type Json } from './json.ts'
import { MAX_EVENT_NAME_LENGTH, isValidChannelName, userIdFromChannel } from './names.ts'
import { encodeFrame } from './protocol.ts'
import { SOCKET_ID_PATTERN } from './signatures.ts'

/** Pusher's documented limits for the events API. */
export const MAX_CHANNELS_PER_EVENT = 100
export const MAX_BATCH_SIZE = 10

interface ValidEvent {
  name: string
  data: string
  channels: string[]
  socketId: string | undefined
  info: string[]
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

export function triggerEvent(state: AppState, body: Json, maxDataBytes: number, multi: boolean) {
  const event = validateEvent(body, maxDataBytes, multi)
  return publish(state, event) ?? {}
}

/** `POST /apps/:id/batch_events`: every event is checked before any is published. */
export function batchEvents(state: AppState, body: Json, maxDataBytes: number): Json {
  const { batch } = body
  if (!Array.isArray(batch) || batch.length === 0) {
    throw new HttpError(400, 'batch must be a non-empty array')
  }
  if (batch.length > MAX_BATCH_SIZE) {
    throw new HttpError(400, `Batch too large: at most ${MAX_BATCH_SIZE} events`)
  }
  // Validate every event before publishing any, so a bad batch publishes nothing.
  const events = batch.map((e: unknown) => {
    if (!isObject(e)) throw new HttpError(400, 'Every batch item must be an object')
    return validateEvent(e, maxDataBytes, false)
  })
  const results = events.map((e) => publish(state, e))
  const wantsInfo = events.some((e) => e.info.length > 0)
  return wantsInfo ? { batch: results.map((r) => r ?? {}) } : {}
}

/** Fan out; returns the per-channel info object when `info` was requested. */
function publish(state: AppState, e: ValidEvent): Json | undefined {
  for (const channel of e.channels) {
    const frame = encodeFrame({ event: e.name, channel, data: e.data })
    const userId = userIdFromChannel(channel)
    if (userId !== undefined) state.broadcastToUser(userId, frame, e.socketId)
    else state.broadcast(channel, frame, e.socketId)
  }
  if (e.info.length === 0) return undefined
  const channels: Json = {}
  for (const channel of e.channels) channels[channel] = infoFor(state, channel, e.info, false)
  return { channels }
}
