/** What the HTTP API answers: JSON bodies, and the errors that become a status and a message. */
import type { ServerResponse } from 'node:http'
import { decodeComponent } from './decode.ts'

/** A refusal the API answers with this status and `{ error: message }`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body)
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  })
  res.end(text)
}

export /** A path segment from the client, decoded, or a 400 naming what was malformed. */
function decodePathPart(raw: string, what: string): string {
  const value = decodeComponent(raw)
  if (value === undefined) throw new HttpError(400, `Malformed percent-encoding in ${what}`)
  return value
}
