/**
 * A real SMTP server for the tests (decision 0054): `smtp-server` on 127.0.0.1 at a random port,
 * no TLS, any or no credentials. It parses each message with `mailparser` and keeps it; levers make
 * it refuse, stall or drop the connection, so the worker's retries meet a real SMTP client's errors.
 */
import type { AddressInfo } from 'node:net'
import { simpleParser, type AddressObject } from 'mailparser'
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server'

export interface ReceivedMail {
  from: string
  /** The To header's addresses and names, as the receiver decoded them. */
  to: Array<{ address: string; name: string }>
  /** RCPT TO: who the server was asked to deliver to. */
  envelopeTo: string[]
  subject: string
  text: string
  html: string
  messageId: string
  /** Every header line as received, name lowercased: [name, the whole line]. */
  headerLines: Array<{ key: string; line: string }>
  raw: string
}

export interface SmtpStandIn {
  port: number
  received: ReceivedMail[]
  /** Messages that reached DATA, whatever happened to them then. */
  attempts: number
  /** Refuse the next `count` messages after DATA with `code` (4xx: try later; 5xx: never). */
  refuseNext(count: number, code: number): void
  /** Never answer DATA (until `release`): the client's socket timeout has to end it. */
  stall(): void
  /** Drop the connection in the middle of the next `count` messages' DATA. */
  dropNext(count: number): void
  /** Back to accepting everything; stalled messages are refused with 451 (their client left). */
  release(): void
  waitFor(predicate: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>
  close(): Promise<void>
}

function addresses(value: AddressObject | AddressObject[] | undefined) {
  const list = value === undefined ? [] : Array.isArray(value) ? value : [value]
  return list.flatMap((a) => a.value).map((a) => ({ address: a.address ?? '', name: a.name }))
}

async function readAll(stream: SMTPServerDataStream): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

export async function startSmtpStandIn(): Promise<SmtpStandIn> {
  const received: ReceivedMail[] = []
  const waiters = new Set<() => void>()
  const stalled: Array<() => void> = []
  let refusals = { count: 0, code: 451 }
  let drops = 0
  let stalling = false
  let attempts = 0

  async function keep(raw: Buffer, session: SMTPServerSession) {
    const parsed = await simpleParser(raw)
    received.push({
      from: addresses(parsed.from)[0]?.address ?? '',
      to: addresses(parsed.to),
      envelopeTo: session.envelope.rcptTo.map((r) => r.address),
      subject: parsed.subject ?? '',
      text: parsed.text ?? '',
      html: typeof parsed.html === 'string' ? parsed.html : '',
      messageId: parsed.messageId ?? '',
      headerLines: parsed.headerLines.map((h) => ({ key: h.key, line: h.line })),
      raw: raw.toString('utf8'),
    })
    for (const wake of waiters) wake()
  }

  const server: SMTPServer = new SMTPServer({
    secure: false,
    // No STARTTLS offered: the client stays on plain TCP (nodemailer upgrades when offered).
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onAuth(_auth, _session, callback) {
      callback(null, { user: 'test' })
    },
    onData(stream, session, callback) {
      attempts += 1
      if (drops > 0) {
        drops -= 1
        stream.once('data', () => {
          for (const connection of server.connections) {
            if (connection.session === session) connection._socket.destroy()
          }
        })
        stream.resume()
        return
      }
      void readAll(stream).then(async (raw) => {
        if (stalling) {
          stalled.push(() => callback(Object.assign(new Error('Gave up'), { responseCode: 451 })))
          return
        }
        if (refusals.count > 0) {
          refusals.count -= 1
          const message = refusals.code >= 500 ? 'No such mailbox' : 'Try again later'
          callback(Object.assign(new Error(message), { responseCode: refusals.code }))
          return
        }
        await keep(raw, session)
        callback()
      }, callback)
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port

  return {
    port,
    received,
    get attempts() {
      return attempts
    },
    refuseNext(count, code) {
      refusals = { count, code }
    },
    stall() {
      stalling = true
    },
    dropNext(count) {
      drops = count
    },
    release() {
      stalling = false
      refusals = { count: 0, code: 451 }
      drops = 0
      for (const answer of stalled.splice(0)) answer()
    },
    waitFor(predicate, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = received.find(predicate)
          if (!found) return false
          waiters.delete(check)
          clearTimeout(timer)
          resolve(found)
          return true
        }
        const timer = setTimeout(() => {
          waiters.delete(check)
          reject(new Error(`no such mail within ${timeoutMs} ms (${received.length} received)`))
        }, timeoutMs)
        if (!check()) waiters.add(check)
      })
    },
    close() {
      for (const answer of stalled.splice(0)) answer()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}

/** The environment that points Lotline's mail at the stand-in. */
export function smtpSettings(standIn: Pick<SmtpStandIn, 'port'>): Record<string, string> {
  return {
    SMTP_URL: `smtp://lotline:secret@127.0.0.1:${standIn.port}`,
    MAIL_FROM: 'Lotline <no-reply@lotline.test>',
  }
}

/** The first link in a mail's text that starts with `pathPrefix` (after the origin), or throws. */
export function linkIn(mail: Pick<ReceivedMail, 'text'>, pathPrefix: string): URL {
  for (const match of mail.text.matchAll(/https?:\/\/[^\s<>"]+/g)) {
    const url = new URL(match[0])
    if (url.pathname.startsWith(pathPrefix)) return url
  }
  throw new Error(`no link to ${pathPrefix} in:\n${mail.text}`)
}
