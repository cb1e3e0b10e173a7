import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import type { ConnectionError } from 'fastify'
import { PROBLEM_CONTENT_TYPE } from '../../common/errors.ts'
import { toProblem } from './problem.ts'

/**
 * What Node could not parse as HTTP never reaches a route or Fastify's error handling (a bad
 * request line, header fields over Node's limit, a bad Content-Length, a request that did not
 * arrive within REQUEST_TIMEOUT_SECONDS): it is answered here, as problem+json like every other
 * error, and the connection is closed (the stream can no longer be trusted). Given to Fastify as
 * `clientErrorHandler`.
 */
export function answerClientError(error: ConnectionError, socket: Socket): void {
  // A reset connection (or one already gone) has nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const [status, detail] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'The request did not arrive in time.']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'The request header fields are too large.']
        : [400, 'The request is not valid HTTP.']
  const reason = STATUS_CODES[status] ?? 'Error'
  if (socket.writable) {
    const body = JSON.stringify({ ...toProblem(status, 'bad_request', detail), title: reason })
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\n` +
        `Content-Type: ${PROBLEM_CONTENT_TYPE}; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Cache-Control: no-store\r\n' +
        'Connection: close\r\n\r\n' +
        body,
    )
  }
  socket.destroy()
}
