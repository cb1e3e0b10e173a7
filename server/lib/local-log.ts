/**
 * Local mode's log (decision 0026): one readable line per request ("GET /api/lots 200 12 ms")
 * instead of pino's two JSON lines, and every other line as "time LEVEL message". Production keeps
 * pino's JSON lines and Fastify's request logging unchanged. No dependency: pino-pretty would do
 * the formatting, but a dozen lines do it without another package in the server's install.
 */
import { Writable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { redactUrl } from './log-redaction.ts'

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO ',
  40: 'WARN ',
  50: 'ERROR',
  60: 'FATAL',
}

/** One pino JSON line → one readable line (an error's stack follows it, indented). */
export function formatLogLine(line: string): string {
  let entry: Record<string, unknown>
  try {
    entry = JSON.parse(line) as Record<string, unknown>
  } catch {
    return line.endsWith('\n') ? line : `${line}\n`
  }
  const time = new Date(typeof entry.time === 'number' ? entry.time : Date.now())
  const clock = time.toTimeString().slice(0, 8)
  const level = LEVELS[entry.level as number] ?? String(entry.level)
  const service = typeof entry.service === 'string' ? `[${entry.service}] ` : ''
  let text = `${clock} ${level} ${service}${String(entry.msg ?? '')}`
  const err = entry.err as { message?: string; code?: string; stack?: string } | undefined
  if (err?.message) text += ` — ${err.message}${err.code ? ` (${err.code})` : ''}`
  if (err?.stack && (entry.level as number) >= 50) {
    text += `\n${err.stack.split('\n').slice(1).join('\n')}`
  }
  return `${text}\n`
}

/** A stream for pino that writes `formatLogLine` of each line to `out` (stdout by default). */
export function readableLogStream(out: NodeJS.WritableStream = process.stdout): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line) out.write(formatLogLine(line))
      done()
    },
  })
}

/** The one line per request, after its answer; Fastify's own two lines are turned off. */
export function logOneLinePerRequest(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const ms = Math.round(reply.elapsedTime)
    request.log.info(`${request.method} ${redactUrl(request.url)} ${reply.statusCode} ${ms} ms`)
  })
}
