/** A request's body for the HTTP API: read within limits, or drained after the answer. */
import type { IncomingMessage } from 'node:http'
import { HttpError } from './http-error.ts'
import { isObject, type Json } from './json.ts'

/**
 * The body, streamed and counted: over `maxBytes` it is a 413 as soon as the limit is crossed
 * (nothing more is buffered); if it has not fully arrived within `timeoutMs`, a 408.
 */
export function readBody(
  req: IncomingMessage,
  maxBytes: number,
  timeoutMs: number,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const fail = (err: HttpError) => {
      clearTimeout(timer)
      req.off('data', onData)
      reject(err)
    }
    const timer = setTimeout(() => fail(new HttpError(408, 'Request body timeout')), timeoutMs)
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size > maxBytes) return fail(new HttpError(413, `Request body exceeds ${maxBytes} bytes`))
      chunks.push(chunk)
    }
    req.on('data', onData)
    req.on('end', () => {
      clearTimeout(timer)
      resolve(Buffer.concat(chunks))
    })
    req.on('error', () => fail(new HttpError(400, 'Request body incomplete')))
  })
}

/**
 * After answering a request whose body was not (fully) read: discard what the client is still
 * sending so it can read our answer (closing with unread input makes the kernel reset the
 * connection, and the client would see a reset instead of the status), but for no longer than
 * the body timeout.
 */
export function discardRestOfBody(req: IncomingMessage, timeoutMs: number): void {
  if (req.complete) return
  const timer = setTimeout(() => req.socket.destroy(), timeoutMs)
  timer.unref()
  req.once('end', () => clearTimeout(timer))
  req.once('close', () => clearTimeout(timer))
  req.resume()
}

/** The body as a JSON object, or a 400 saying why it is not one. */
export function jsonObjectBody(rawBody: Buffer): Json {
  let parsed: unknown
  try {
    parsed = JSON.parse(rawBody.toString('utf8'))
  } catch {
    throw new HttpError(400, 'Body is not valid JSON')
  }
  if (!isObject(parsed)) throw new HttpError(400, 'Body must be a JSON object')
  return parsed
}
